// <scroll-by px="…">: a click on the button inside scrolls the window down by
// `px`, smoothly, or at once for visitors who prefer reduced motion.
import { defineElement } from "~/lib/custom-element";

export function scrollWindowBy(px: number) {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: px, behavior: reducedMotion ? "instant" : "smooth" });
}

defineElement(
  "scroll-by",
  () =>
    class ScrollBy extends HTMLElement {
      private readonly onClick = (event: Event) => {
        if (event.target instanceof Element && event.target.closest("button")) scrollWindowBy(Number(this.getAttribute("px")));
      };
      connectedCallback() {
        this.addEventListener("click", this.onClick);
      }
      disconnectedCallback() {
        this.removeEventListener("click", this.onClick);
      }
    },
);
