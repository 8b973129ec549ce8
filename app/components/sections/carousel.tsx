import { useId, type ReactNode } from "react";
import type { CarouselCopy } from "~/data/carousel";
import { Icon } from "../ui/icon";
import { carouselParts } from "./carousel-parts";

/** A data attribute the element finds its parts by. */
const part = (attribute: string, value = "") => ({ [attribute]: value });

/**
 * Slide widths per breakpoint, as CSS classes, so the pre-rendered page is laid
 * out exactly as Embla will leave it (no shift when it starts). `md` and `lg` are
 * CAROUSEL_BREAKPOINTS_PX's 768 and 1024; below 768 one slide fills the view.
 */
export const slideWidthClasses = {
  cards: "basis-full md:basis-1/2 lg:basis-1/3",
  testimonials: "basis-full md:basis-1/2",
} as const;
export type CarouselKind = keyof typeof slideWidthClasses;

interface CarouselProps<T> {
  /** Accessible name of the carousel region; distinct from the section heading. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderSlide: (item: T) => ReactNode;
  /** Time each view stays before moving on (CAROUSEL_AUTOPLAY_MS). */
  autoplayMs: number;
  kind?: CarouselKind;
  /** The controls' words (carouselCopy). */
  copy: CarouselCopy;
}

/**
 * The one auto-playing carousel, as pre-rendered markup: every slide is in the
 * HTML, laid out by CSS exactly as Embla leaves it, and the <slide-carousel>
 * element (slide-carousel.element.ts) brings it to life. Its buttons show once Embla
 * runs it (`data-carousel-ready`, fetched as the carousel nears the screen), so
 * no press meets a button that does nothing yet; their space is kept, so
 * nothing moves, and without JavaScript they never show. It starts as
 * rotating, so its slides are not a live region until something pauses it.
 */
export function Carousel<T>({ label, items, itemKey, renderSlide, autoplayMs, kind = "cards", copy }: CarouselProps<T>) {
  const slidesId = useId();
  const total = items.length;
  const buttonClasses =
    "flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-brand-700 transition hover:bg-brand-50 [slide-carousel:not([data-carousel-ready])_&]:invisible";

  return (
    <slide-carousel delay={autoplayMs} class="block">
      <section aria-roledescription="carousel" aria-label={label}>
        {/* Vertical padding keeps the cards' shadows inside the clipped viewport. */}
        <div {...part(carouselParts.viewport)} className="overflow-hidden py-2">
          <div {...part(carouselParts.slides)} id={slidesId} aria-live="off" className="-ml-slide flex touch-pan-y touch-pinch-zoom">
            {items.map((item, index) => (
              <div
                key={itemKey(item)}
                role="group"
                aria-roledescription="slide"
                aria-label={copy.slideLabel(index + 1, total)}
                {...part(carouselParts.slide)}
                className={`min-w-0 shrink-0 grow-0 pl-slide ${slideWidthClasses[kind]}`}
              >
                {renderSlide(item)}
              </div>
            ))}
          </div>
        </div>
        {/* The rotation control comes first, so keyboard users reach it before anything moves. */}
        <div className="mt-8 flex items-center justify-center gap-3">
          <button type="button" aria-controls={slidesId} className={buttonClasses} {...part(carouselParts.control, "rotation")} {...part(carouselParts.pauseLabel, copy.pause)} {...part(carouselParts.playLabel, copy.play)}>
            <Icon name="pause" className="size-5" />
            <span className="sr-only">{copy.pause}</span>
          </button>
          <button type="button" aria-controls={slidesId} className={buttonClasses} {...part(carouselParts.control, "previous")}>
            <Icon name="chevron-left" />
            <span className="sr-only">{copy.previous}</span>
          </button>
          <button type="button" aria-controls={slidesId} className={buttonClasses} {...part(carouselParts.control, "next")}>
            <Icon name="chevron-right" />
            <span className="sr-only">{copy.next}</span>
          </button>
        </div>
      </section>
    </slide-carousel>
  );
}
