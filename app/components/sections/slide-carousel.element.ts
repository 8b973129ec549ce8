// <slide-carousel delay="…">: brings the pre-rendered carousel markup
// (carousel.tsx) to life. The element that every carousel page loads is only
// this: it fetches the carousel's behaviour (carousel-behaviour.ts, which then
// fetches Embla) once the carousel is within a viewport height of the screen,
// or on the first touch or focus inside it. No press is kept for later: the
// carousel's buttons show only once Embla runs it (carousel.tsx), and its
// slides hold nothing to focus.
import type { Behaviour, ElementProps } from "~/lib/custom-element";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "slide-carousel": ElementProps<{ delay: number }>;
    }
  }
}

const loadBehaviour = () => import("./carousel-behaviour");
const LOAD_MARGIN = "100% 0px";
const loadTriggers = ["pointerdown", "focusin"] as const;

/** Waits for a reason to start `root`'s carousel, then starts it; returns a function that stops either. */
function startWhenNeeded(root: HTMLElement): () => void {
  let state: "waiting" | "loading" | "running" | "stopped" = "waiting";
  let stopBehaviour = () => {};
  const stopWaiting = () => {
    observer.disconnect();
    for (const type of loadTriggers) root.removeEventListener(type, start);
  };
  const start = () => {
    if (state !== "waiting") return;
    state = "loading";
    loadBehaviour().then(
      ({ runCarousel }) => {
        if (state !== "loading") return;
        state = "running";
        stopWaiting();
        stopBehaviour = runCarousel(root, Number(root.getAttribute("delay")));
      },
      // A failed download (offline, say) is tried again on the next touch.
      () => {
        if (state === "loading") state = "waiting";
      },
    );
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) start();
  }, { rootMargin: LOAD_MARGIN });
  observer.observe(root);
  for (const type of loadTriggers) root.addEventListener(type, start);
  return () => {
    state = "stopped";
    stopWaiting();
    stopBehaviour();
  };
}

export default startWhenNeeded satisfies Behaviour;
