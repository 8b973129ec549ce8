import { useEffect, type RefObject } from "react";

export type DismissReason = "escape" | "outside";

/**
 * Calls `onDismiss` on Escape or on a pointer press outside `ref`, while `active`,
 * saying which (Escape usually returns focus to the control that opened it).
 * Used by the header's dropdowns (the multi-selects are popovers: the browser dismisses them).
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, active: boolean, onDismiss: (reason: DismissReason) => void): void {
  useEffect(() => {
    if (!active) return;
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onDismiss("outside");
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss("escape");
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref, active, onDismiss]);
}
