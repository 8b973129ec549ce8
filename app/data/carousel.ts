// The carousel's control labels: content/site/carousel.yaml, read by the route
// files of the pages with a carousel. `slideLabel` names {position} and {total}.
import { fill } from "./fill";
import type { ContentOf } from "./schemas";

export function carouselCopy(copy: ContentOf<"site/carousel.yaml">) {
  return { ...copy, slideLabel: (position: number, total: number) => fill(copy.slideLabel, { position, total }) } as const;
}

export type CarouselCopy = ReturnType<typeof carouselCopy>;
