// The carousel's markup hooks and what a press means, shared by the markup
// (carousel.tsx) and the behaviour <slide-carousel> fetches (carousel-behaviour.ts).

/** The markup's hooks, written by carousel.tsx. */
export const carouselParts = {
  viewport: "data-carousel-viewport",
  slides: "data-carousel-slides",
  slide: "data-carousel-slide",
  /** Value: a CarouselAction. */
  control: "data-carousel-control",
  /** On the rotation button: its words for screen readers while the slides turn, and while they stand still. */
  pauseLabel: "data-pause-label",
  playLabel: "data-play-label",
  /** On the <slide-carousel> once Embla runs it: its buttons show from then on (carousel.tsx). */
  ready: "data-carousel-ready",
} as const;

export type CarouselAction = "rotation" | "previous" | "next";

/** The action of the control a click landed on, if it is one of this carousel's. */
export function controlAction(root: HTMLElement, event: Event): CarouselAction | undefined {
  const control = event.target instanceof Element ? event.target.closest(`[${carouselParts.control}]`) : null;
  return control && root.contains(control) ? (control.getAttribute(carouselParts.control) as CarouselAction) : undefined;
}

/** The keys that move the carousel while focus is inside it. */
export const arrowKeys = { ArrowLeft: "previous", ArrowRight: "next" } as const satisfies Record<string, CarouselAction>;

/** ← and → move the carousel while focus is anywhere inside it (and then do nothing else). */
export function arrowAction(event: KeyboardEvent): CarouselAction | undefined {
  const action = Object.hasOwn(arrowKeys, event.key) ? arrowKeys[event.key as keyof typeof arrowKeys] : undefined;
  if (action) event.preventDefault();
  return action;
}
