import { holdsEarlyPresses } from "~/lib/early-events-markup";
import { buttonClasses, type ButtonVariant } from "./button-link";
// Registers <scroll-by>, which does the scrolling, wherever React renders the button.
import "./scroll-by";

interface ScrollButtonProps {
  label: string;
  /** How far down to scroll the window, in px. */
  by: number;
  variant?: ButtonVariant;
}

/**
 * A button that scrolls the window down: smoothly, or at once for visitors who
 * prefer reduced motion. A press before <scroll-by>'s code has loaded is
 * answered by the head script, which scrolls the same way (holdsEarlyPresses
 * marks the element for it).
 */
export function ScrollButton({ label, by, variant = "primary" }: ScrollButtonProps) {
  return (
    <scroll-by px={by} {...holdsEarlyPresses()}>
      <button type="button" className={buttonClasses(variant)}>
        {label}
      </button>
    </scroll-by>
  );
}
