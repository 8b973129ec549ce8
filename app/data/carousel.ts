// The carousel's control labels (only pages with a carousel load them): content/site/carousel.yaml.
import file from "../../content/site/carousel.yaml";
import { fill } from "./fill";
import type { ContentOf } from "./schemas";

const copy = file as ContentOf<"site/carousel.yaml">;

export const carouselCopy = {
  ...copy,
  slideLabel: (position: number, total: number) => fill(copy.slideLabel, { position, total }),
} as const;
