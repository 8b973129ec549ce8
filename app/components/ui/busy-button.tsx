import type { MouseEventHandler } from "react";
import { buttonClasses } from "./button-link";

interface BusyButtonProps {
  busy: boolean;
  label: string;
  /** What the button reads while the request is in flight (the spec's "Submitting..."). */
  busyLabel: string;
  type?: "submit" | "button";
  onClick?: MouseEventHandler<HTMLButtonElement>;
  className?: string;
}

/**
 * A primary button that stays focusable while busy: aria-disabled rather than
 * disabled, so keyboard focus is not lost mid-request; the caller ignores presses.
 */
export function BusyButton({ busy, label, busyLabel, type = "submit", onClick, className = "" }: BusyButtonProps) {
  return (
    <button
      type={type}
      onClick={onClick}
      aria-disabled={busy || undefined}
      data-busy-label={busyLabel}
      className={buttonClasses("primary", `aria-disabled:cursor-wait aria-disabled:opacity-75 ${className}`)}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
