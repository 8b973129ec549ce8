// <scroll-by px="…">: a press on the link inside scrolls the window down by
// `px` instead of following the link: smoothly, or at once for visitors who
// prefer reduced motion. Until this code has arrived, and with JavaScript off,
// the link is followed: the browser moves to its target by itself.
import type { Behaviour, ElementProps } from "~/lib/custom-element";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "scroll-by": ElementProps<{ px: number }>;
    }
  }
}

function scrollByOnPress(element: HTMLElement) {
  const onClick = (event: MouseEvent) => {
    // A modified press (a new tab, a download) stays the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target instanceof Element) || !event.target.closest("a")) return;
    event.preventDefault();
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: Number(element.getAttribute("px")), behavior: reducedMotion ? "instant" : "smooth" });
  };
  element.addEventListener("click", onClick);
  return () => element.removeEventListener("click", onClick);
}

export default scrollByOnPress satisfies Behaviour;
