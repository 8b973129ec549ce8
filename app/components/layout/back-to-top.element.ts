import { BACK_TO_TOP_THRESHOLD_PX } from "~/data/constants";
import type { Behaviour, ElementProps } from "~/lib/custom-element";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "back-to-top": ElementProps;
    }
  }
}

/** Where the browser scrolls for `#top` when no element has that id: the top of the page (HTML's fragment rules). */
export const TOP = "#top";

// Back-to-top's behaviour (back-to-top.tsx renders the link): it marks the
// link `data-shown` past the threshold, for browsers without scroll-driven
// animations (app.css), scrolls smoothly unless motion is reduced, and leaves
// the address as it is. A press before this code arrived followed the link:
// the address loses its `#top`, as after a later press.
export function backToTop(element: HTMLElement) {
  const link = element.querySelector("a");
  if (!link) return;
  if (window.location.hash === TOP) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  const update = () => link.toggleAttribute("data-shown", window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
  link.addEventListener("click", onClick);
  return () => {
    window.removeEventListener("scroll", update);
    link.removeEventListener("click", onClick);
  };
}

export default backToTop satisfies Behaviour;
