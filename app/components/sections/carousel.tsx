import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { layoutCopy } from "~/content/layout";
import { usePrefersReducedMotion } from "~/lib/use-media-query";
import { Icon } from "../ui/icon";

const copy = layoutCopy.carousel;

/**
 * Slide widths per breakpoint, as CSS classes, so the pre-rendered page is laid
 * out exactly as Embla will leave it (no shift on hydration). `md` and `lg` are
 * CAROUSEL_BREAKPOINTS_PX's 768 and 1024; below 768 one slide fills the view.
 */
export const slideWidthClasses = {
  cards: "basis-full md:basis-1/2 lg:basis-1/3",
  testimonials: "basis-full md:basis-1/2",
} as const;
export type CarouselKind = keyof typeof slideWidthClasses;

/** A slide must be at least this visible to count as shown (and be read out). */
const IN_VIEW_THRESHOLD = 0.6;

interface CarouselProps<T> {
  /** Accessible name of the carousel region; distinct from the section heading. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderSlide: (item: T) => ReactNode;
  /** Time each view stays before moving on (CAROUSEL_AUTOPLAY_MS). */
  autoplayMs: number;
  kind?: CarouselKind;
}

/**
 * The one auto-playing carousel (Embla). Swipe, arrow buttons and arrow keys move
 * it; autoplay pauses while hovered or focused within, stops with the visible
 * pause button (WCAG 2.2.2), and never starts for visitors who prefer reduced
 * motion, who also get jumps instead of animated scrolling. Every slide is in
 * the pre-rendered HTML.
 */
export function Carousel<T>({ label, items, itemKey, renderSlide, autoplayMs, kind = "cards" }: CarouselProps<T>) {
  const reducedMotion = usePrefersReducedMotion();
  const autoplay = useMemo(
    () => Autoplay({ delay: autoplayMs, jump: reducedMotion, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: false }),
    [autoplayMs, reducedMotion],
  );
  const plugins = useMemo(() => [autoplay], [autoplay]);
  const [viewportRef, emblaApi] = useEmblaCarousel(
    { loop: true, align: "start", inViewThreshold: IN_VIEW_THRESHOLD },
    plugins,
  );

  // "auto" follows the visitor's motion preference until they press the button.
  const [rotation, setRotation] = useState<"auto" | "on" | "off">("auto");
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const rotating = rotation === "on" || (rotation === "auto" && !reducedMotion);
  const running = rotating && !hovered && !focusWithin;

  // Before Embla starts every slide counts as shown, as in the pre-rendered HTML.
  // Slides out of view are aria-hidden, so a slide coming into view is announced
  // (when the live region is on). Slides hold no links or buttons; if they ever
  // do, this must become `inert`.
  const [inView, setInView] = useState<readonly number[] | null>(null);

  const rootRef = useRef<HTMLElement>(null);
  const runningRef = useRef(running);
  const jumpRef = useRef(reducedMotion);
  useEffect(() => {
    runningRef.current = running;
    jumpRef.current = reducedMotion;
  });

  useEffect(() => {
    if (!emblaApi) return;
    if (running) autoplay.play();
    else autoplay.stop();
  }, [emblaApi, autoplay, running]);

  useEffect(() => {
    if (!emblaApi) return;
    const updateInView = () => setInView(emblaApi.slidesInView());
    // A drag stops autoplay; it carries on afterwards unless something else paused it.
    const resume = () => {
      if (runningRef.current) autoplay.play();
    };
    updateInView();
    emblaApi.on("slidesInView", updateInView).on("reInit", updateInView).on("pointerUp", resume);
    return () => {
      emblaApi.off("slidesInView", updateInView).off("reInit", updateInView).off("pointerUp", resume);
    };
  }, [emblaApi, autoplay]);

  // Arrow keys while focus is anywhere inside, hover and focus-within pauses.
  // Listeners rather than JSX handlers: the region itself is not a control.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !emblaApi) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") emblaApi.scrollPrev(jumpRef.current);
      else if (event.key === "ArrowRight") emblaApi.scrollNext(jumpRef.current);
      else return;
      event.preventDefault();
    };
    const onEnter = () => setHovered(true);
    const onLeave = () => setHovered(false);
    const onFocusIn = () => setFocusWithin(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
    };
    root.addEventListener("keydown", onKeyDown);
    root.addEventListener("mouseenter", onEnter);
    root.addEventListener("mouseleave", onLeave);
    root.addEventListener("focusin", onFocusIn);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      root.removeEventListener("keydown", onKeyDown);
      root.removeEventListener("mouseenter", onEnter);
      root.removeEventListener("mouseleave", onLeave);
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, [emblaApi]);

  const slidesId = useId();
  const total = items.length;
  const buttonClasses =
    "flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-brand-700 transition hover:bg-brand-50";

  return (
    <section ref={rootRef} aria-roledescription="carousel" aria-label={label}>
      {/* Vertical padding keeps the cards' shadows inside the clipped viewport. */}
      <div ref={viewportRef} className="overflow-hidden py-2">
        <div
          id={slidesId}
          aria-live={running ? "off" : "polite"}
          className="-ml-slide flex touch-pan-y touch-pinch-zoom"
        >
          {items.map((item, index) => (
            <div
              key={itemKey(item)}
              role="group"
              aria-roledescription="slide"
              aria-label={copy.slideLabel(index + 1, total)}
              aria-hidden={inView && !inView.includes(index) ? true : undefined}
              className={`min-w-0 shrink-0 grow-0 pl-slide ${slideWidthClasses[kind]}`}
            >
              {renderSlide(item)}
            </div>
          ))}
        </div>
      </div>
      {/* The rotation control comes first, so keyboard users reach it before anything moves. */}
      <div className="mt-8 flex items-center justify-center gap-3">
        <button
          type="button"
          aria-controls={slidesId}
          className={buttonClasses}
          onClick={() => setRotation(rotating ? "off" : "on")}
        >
          <Icon name={rotating ? "pause" : "play"} className="size-5" />
          <span className="sr-only">{rotating ? copy.pause : copy.play}</span>
        </button>
        <button type="button" aria-controls={slidesId} className={buttonClasses} onClick={() => emblaApi?.scrollPrev(reducedMotion)}>
          <Icon name="chevron-left" />
          <span className="sr-only">{copy.previous}</span>
        </button>
        <button type="button" aria-controls={slidesId} className={buttonClasses} onClick={() => emblaApi?.scrollNext(reducedMotion)}>
          <Icon name="chevron-right" />
          <span className="sr-only">{copy.next}</span>
        </button>
      </div>
    </section>
  );
}
