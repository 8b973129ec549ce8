/**
 * Scrolls the window down by `px`: smoothly, or at once for visitors who prefer
 * reduced motion. Shared by <scroll-by> and the head script, which answers a
 * press on it before that element's code has arrived.
 */
export function scrollWindowBy(px: number) {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: px, behavior: reducedMotion ? "instant" : "smooth" });
}
