// Embla and its autoplay plugin, the carousel's only dependencies, in one module so
// that the carousel's dynamic import of it makes them one chunk fetched on demand.
export { default as EmblaCarousel } from "embla-carousel";
export { default as Autoplay } from "embla-carousel-autoplay";
