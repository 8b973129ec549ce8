import { useEffect, useRef } from "react";
import { COUNTER_DURATION_MS } from "~/content/constants";
import type { Stat } from "~/content/types";
import { formatNumber } from "~/lib/format";

/** Fast at first, settling gently on the target. */
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * A figure that counts up to its target over COUNTER_DURATION_MS once scrolled
 * into view. The final value is in the pre-rendered HTML and in an sr-only
 * copy that screen readers read, so no one is ever told a wrong number; only
 * the visible, aria-hidden copy counts, after hydration and never under
 * reduced motion. An invisible copy of the final value holds the width, so
 * the counting digits never move the layout.
 */
export function Counter({ stat }: { stat: Stat }) {
  const { value, format } = stat;
  const final = formatNumber(value, format);
  const countingRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = countingRef.current;
    const text = element?.firstChild;
    if (!element || !(text instanceof Text) || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // Write into React's own text node, so React's view of the DOM stays true.
    const show = (current: number) => {
      text.nodeValue = formatNumber(current, format);
    };
    let frame = 0;
    show(0);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      let start: number | undefined;
      const tick = (now: number) => {
        start ??= now;
        const progress = Math.min(1, (now - start) / COUNTER_DURATION_MS);
        show(progress === 1 ? value : value * easeOutCubic(progress));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      text.nodeValue = final;
    };
  }, [value, format, final]);

  return (
    <>
      <span className="sr-only">{final}</span>
      <span aria-hidden="true" className="inline-grid tabular-nums">
        <span className="invisible col-start-1 row-start-1">{final}</span>
        <span ref={countingRef} data-testid="counter" className="col-start-1 row-start-1">
          {final}
        </span>
      </span>
    </>
  );
}
