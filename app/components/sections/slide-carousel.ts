// <slide-carousel delay="…">: brings the pre-rendered carousel markup
// (carousel.tsx) to life. The element that every carousel page loads is only
// this: it fetches the carousel's
// behaviour (carousel-behaviour.ts, which then fetches Embla) once the carousel
// is within a viewport height of the screen, or on the first touch, focus, key
// press or click inside it, and hands over the presses made before it arrived
// (the arrow keys, a click on a control). A press before this element is
// defined (it comes with the page's script) does nothing.
import { defineElement } from "~/lib/custom-element";
import { arrowAction, controlAction, type CarouselAction } from "./carousel-parts";

const loadBehaviour = () => import("./carousel-behaviour");
const LOAD_MARGIN = "100% 0px";
const loadTriggers = ["pointerdown", "focusin", "keydown", "click"] as const;

/** Waits for a reason to start `root`'s carousel, then starts it; returns a function that stops either. */
function startWhenNeeded(root: HTMLElement): () => void {
  let state: "waiting" | "loading" | "running" | "stopped" = "waiting";
  const earlier: CarouselAction[] = [];
  let stopBehaviour = () => {};
  const record = (event: Event) => {
    const action = event instanceof KeyboardEvent ? arrowAction(event) : event.type === "click" ? controlAction(root, event) : undefined;
    if (action) earlier.push(action);
    start();
  };
  const stopWaiting = () => {
    observer.disconnect();
    for (const type of loadTriggers) root.removeEventListener(type, record);
  };
  const start = () => {
    if (state !== "waiting") return;
    state = "loading";
    loadBehaviour().then(
      ({ runCarousel }) => {
        if (state !== "loading") return;
        state = "running";
        stopWaiting();
        stopBehaviour = runCarousel(root, Number(root.getAttribute("delay")), earlier.splice(0));
      },
      // A failed download (offline, say) is tried again on the next press or touch.
      () => {
        if (state === "loading") state = "waiting";
      },
    );
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) start();
  }, { rootMargin: LOAD_MARGIN });
  observer.observe(root);
  for (const type of loadTriggers) root.addEventListener(type, record);
  return () => {
    state = "stopped";
    stopWaiting();
    stopBehaviour();
  };
}

defineElement("slide-carousel", startWhenNeeded);
