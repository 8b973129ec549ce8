import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import type { AutoplayType } from "embla-carousel-autoplay";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { carouselCopy } from "~/content/carousel";
import { usePrefersReducedMotion } from "~/lib/use-media-query";
import { Icon } from "../ui/icon";

const copy = carouselCopy;

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

/** A slide must be at least this visible to count as shown (and be read out). */
const IN_VIEW_THRESHOLD = 0.6;
const emblaOptions: EmblaOptionsType = { loop: true, align: "start", inViewThreshold: IN_VIEW_THRESHOLD };

/**
 * Embla and its autoplay plugin are one chunk that no page loads up front: it is
 * fetched once the carousel is within a viewport height of the screen, or on
 * the first touch, focus or key press inside it, whichever comes first.
 */
const loadEngine = () => import("./carousel-engine");
const LOAD_MARGIN = "100% 0px";
const loadTriggers = ["pointerdown", "focusin", "keydown"] as const;

interface Engine {
  embla: EmblaCarouselType;
  autoplay: AutoplayType;
}

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
 * The one auto-playing carousel (Embla, loaded on demand). Swipe, arrow buttons
 * and arrow keys move it; autoplay pauses while hovered or focused within, stops
 * with the visible pause button (WCAG 2.2.2), and never starts for visitors who
 * prefer reduced motion, who also get jumps instead of animated scrolling. Every
 * slide is in the pre-rendered HTML, laid out by CSS exactly as Embla leaves it.
 * An arrow pressed before Embla has arrived starts the download and is applied
 * as soon as it is there; the pause button needs no Embla at all.
 */
export function Carousel<T>({ label, items, itemKey, renderSlide, autoplayMs, kind = "cards" }: CarouselProps<T>) {
  const reducedMotion = usePrefersReducedMotion();
  const [engine, setEngine] = useState<Engine | null>(null);

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
  const viewportRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<Engine | null>(null);
  const loadRef = useRef(() => {});
  // Net slides moved by arrow presses made while Embla was still downloading.
  const pendingStepsRef = useRef(0);
  const runningRef = useRef(running);
  const jumpRef = useRef(reducedMotion);
  useEffect(() => {
    runningRef.current = running;
    jumpRef.current = reducedMotion;
  });

  useEffect(() => {
    const root = rootRef.current;
    const viewport = viewportRef.current;
    if (!root || !viewport) return;
    let status: "idle" | "loading" | "ready" = "idle";
    let unmounted = false;
    let created: Engine | null = null;
    const load = () => {
      if (status !== "idle") return;
      status = "loading";
      observer.disconnect();
      loadEngine().then(
        ({ EmblaCarousel, Autoplay }) => {
          if (unmounted) return;
          status = "ready";
          const autoplay = Autoplay({ delay: autoplayMs, jump: jumpRef.current, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: false });
          const embla = EmblaCarousel(viewport, emblaOptions, [autoplay]);
          const steps = pendingStepsRef.current;
          pendingStepsRef.current = 0;
          for (let n = 0; n < Math.abs(steps); n += 1) {
            if (steps > 0) embla.scrollNext(jumpRef.current);
            else embla.scrollPrev(jumpRef.current);
          }
          created = { embla, autoplay };
          engineRef.current = created;
          setEngine(created);
        },
        // A failed download (offline, say) is tried again on the next press or touch.
        () => {
          status = "idle";
        },
      );
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    }, { rootMargin: LOAD_MARGIN });
    observer.observe(root);
    for (const type of loadTriggers) root.addEventListener(type, load);
    loadRef.current = load;
    return () => {
      unmounted = true;
      observer.disconnect();
      for (const type of loadTriggers) root.removeEventListener(type, load);
      created?.embla.destroy();
      engineRef.current = null;
      setEngine(null);
      setInView(null);
    };
  }, [autoplayMs]);

  /** One slide on (1) or back (-1); queued until Embla is there. */
  const step = useCallback((direction: 1 | -1) => {
    const embla = engineRef.current?.embla;
    if (!embla) {
      pendingStepsRef.current += direction;
      loadRef.current();
    } else if (direction > 0) embla.scrollNext(jumpRef.current);
    else embla.scrollPrev(jumpRef.current);
  }, []);

  useEffect(() => {
    if (!engine) return;
    if (running) engine.autoplay.play(reducedMotion);
    else engine.autoplay.stop();
  }, [engine, running, reducedMotion]);

  useEffect(() => {
    if (!engine) return;
    const { embla, autoplay } = engine;
    const updateInView = () => setInView(embla.slidesInView());
    // A drag stops autoplay, and a change of width re-creates the plugin
    // stopped: either way it carries on unless something else paused it.
    const resume = () => {
      if (runningRef.current) autoplay.play(jumpRef.current);
    };
    const onReInit = () => {
      updateInView();
      resume();
    };
    updateInView();
    embla.on("slidesInView", updateInView).on("reInit", onReInit).on("pointerUp", resume);
    return () => {
      embla.off("slidesInView", updateInView).off("reInit", onReInit).off("pointerUp", resume);
    };
  }, [engine]);

  // Arrow keys while focus is anywhere inside, hover and focus-within pauses.
  // Listeners rather than JSX handlers: the region itself is not a control.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") step(-1);
      else if (event.key === "ArrowRight") step(1);
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
  }, [step]);

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
        <button type="button" aria-controls={slidesId} className={buttonClasses} onClick={() => step(-1)}>
          <Icon name="chevron-left" />
          <span className="sr-only">{copy.previous}</span>
        </button>
        <button type="button" aria-controls={slidesId} className={buttonClasses} onClick={() => step(1)}>
          <Icon name="chevron-right" />
          <span className="sr-only">{copy.next}</span>
        </button>
      </div>
    </section>
  );
}
