// <count-up value="…" format="{…}">: counts the figure inside it up from zero
// over COUNTER_DURATION_MS once it is scrolled into view (never under reduced
// motion). It writes only into the visible, aria-hidden copy's text
// ([data-counting]); the pre-rendered HTML holds the final value.
import { COUNTER_DURATION_MS } from "~/data/constants";
import type { NumberFormat } from "~/data/types";
import type { Behaviour, ElementProps } from "~/lib/custom-element";
import { formatNumber } from "~/data/number-formats";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "count-up": ElementProps<{ value: number; format: string }>;
    }
  }
}

/** Fast at first, settling gently on the target. */
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** Starts counting `element`'s figure when it is seen; returns a function that stops and shows the final value. */
export function countUpWhenSeen(element: HTMLElement): () => void {
  const text = element.querySelector("[data-counting]")?.firstChild;
  if (!(text instanceof Text) || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  const value = Number(element.getAttribute("value"));
  const format = JSON.parse(element.getAttribute("format") ?? "{}") as NumberFormat;
  const final = formatNumber(value, format);
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
}

export default countUpWhenSeen satisfies Behaviour;
