// <grow-bars>: holds a bar chart's bars at zero height until the chart is
// scrolled into view, then grows them (Web Animations, so no inline styles);
// the value labels fade in after. Under reduced motion it does nothing: the
// bars stay drawn, as the pre-rendered HTML has them.
import { CHART_GROW_MS } from "~/data/constants";
import type { Behaviour, ElementProps } from "~/lib/custom-element";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "grow-bars": ElementProps;
    }
  }
}

/** Delay between neighbouring bars starting to grow. */
const STAGGER_MS = 60;
/** How long the value labels take to fade in once their bars have grown. */
const LABEL_FADE_MS = 300;

/** Holds the bars in `chart` back until it is seen; returns a function that shows them drawn. */
export function growWhenSeen(chart: HTMLElement): () => void {
  if (typeof chart.animate !== "function" || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return () => {};
  const bars = [...chart.querySelectorAll("[data-bar]")];
  const labels = [...chart.querySelectorAll("[data-value]")];
  const lastBarDone = CHART_GROW_MS + STAGGER_MS * (bars.length - 1);
  const animations = [
    ...bars.map((bar, index) =>
      bar.animate([{ transform: "scaleY(0)" }, { transform: "scaleY(1)" }], {
        duration: CHART_GROW_MS,
        delay: index * STAGGER_MS,
        easing: "cubic-bezier(0.22, 1, 0.36, 1)",
        fill: "backwards",
      }),
    ),
    ...labels.map((label) => label.animate([{ opacity: 0 }, { opacity: 1 }], { duration: LABEL_FADE_MS, delay: lastBarDone, fill: "backwards" })),
  ];
  for (const animation of animations) animation.pause();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      for (const animation of animations) animation.play();
    },
    { threshold: 0.3 },
  );
  observer.observe(chart);
  return () => {
    observer.disconnect();
    for (const animation of animations) animation.cancel();
  };
}

export default growWhenSeen satisfies Behaviour;
