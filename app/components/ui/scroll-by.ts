// <scroll-by px="…">: a click on the button inside scrolls the window down by
// `px`, smoothly, or at once for visitors who prefer reduced motion. A press
// made before this code arrived was held (scroll-button.tsx opts in) and is
// answered now, once.
import { replayEarlyEvents } from "~/lib/early-events";
import { defineElement } from "~/lib/custom-element";

export function scrollWindowBy(px: number) {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: px, behavior: reducedMotion ? "instant" : "smooth" });
}

defineElement("scroll-by", (element) => {
  const onClick = (event: Event) => {
    if (event.target instanceof Element && event.target.closest("button")) scrollWindowBy(Number(element.getAttribute("px")));
  };
  element.addEventListener("click", onClick);
  replayEarlyEvents(element);
  return () => element.removeEventListener("click", onClick);
});
