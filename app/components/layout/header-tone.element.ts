import { HEADER_SCROLL_THRESHOLD_PX } from "~/data/constants";
import type { Behaviour, ElementProps } from "~/lib/custom-element";
import { headerTone } from "./header-tone";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "header-tone": ElementProps;
    }
  }
}

// <header-tone>: the look of the header inside it follows the scroll. On the
// home page the header floats over the hero and turns white once the window is
// past the threshold; every other page's is solid and stays so (the page sets
// `data-tone`, this element only moves a home header between its two tones).
// An element rather than React state, so the header's look needs no hydration.
function followScroll(element: HTMLElement) {
  const header = element.querySelector("header");
  if (!header) return;
  const update = () => {
    if (header.dataset.tone === "solid") return;
    header.dataset.tone = headerTone(true, window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
  return () => window.removeEventListener("scroll", update);
}

export default followScroll satisfies Behaviour;
