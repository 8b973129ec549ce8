import { useEffect, useState, type ReactNode } from "react";
import { readStoredFlag, storeFlag } from "~/lib/storage";
import { Icon } from "../ui/icon";

interface DismissibleBannerProps {
  /** localStorage key that, once set, keeps the banner away for good. */
  storageKey: string;
  label: string;
  acceptLabel: string;
  closeLabel: string;
  /** Wait this long after load before showing (ms). */
  delayMs?: number;
  placement: "bottom" | "top";
  children: ReactNode;
}

/**
 * A notice shown until acknowledged: accepting stores a flag in localStorage;
 * closing hides it for this page session only. Rendered only in the browser,
 * since the pre-rendered HTML cannot know what the visitor has stored.
 */
export function DismissibleBanner({
  storageKey,
  label,
  acceptLabel,
  closeLabel,
  delayMs = 0,
  placement,
  children,
}: DismissibleBannerProps) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readStoredFlag(storageKey)) return;
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [storageKey, delayMs]);

  if (!visible) return null;

  const accept = () => {
    storeFlag(storageKey);
    setVisible(false);
  };

  return (
    <section
      aria-label={label}
      className={`fixed inset-x-3 z-50 mx-auto max-w-3xl rounded-2xl bg-white p-4 text-ink shadow-2xl ring-1 ring-line sm:p-5 ${
        placement === "bottom" ? "bottom-3" : "top-24"
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1 text-sm leading-relaxed">{children}</div>
        <button type="button" onClick={() => setVisible(false)} aria-label={closeLabel} className="-m-1 rounded p-1 text-muted">
          <Icon name="x" className="size-5" />
        </button>
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={accept}
          className="rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {acceptLabel}
        </button>
      </div>
    </section>
  );
}
