// The carousel's control labels (only pages with a carousel load them).

export const carouselCopy = {
  previous: "Previous slide",
  next: "Next slide",
  pause: "Pause automatic slide show",
  play: "Start automatic slide show",
  slideLabel: (position: number, total: number) => `${position} of ${total}`,
} as const;
