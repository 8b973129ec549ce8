// What <slide-carousel> (slide-carousel.element.ts) runs once the carousel nears the
// screen or is touched: the controls, autoplay and its pauses, and Embla, which
// it fetches at once as a chunk of its own.
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import type { AutoplayType } from "embla-carousel-autoplay";
import type { IconName } from "~/data/icon-names";
import { arrowAction, carouselParts, controlAction, type CarouselAction } from "./carousel-parts";

/** A slide must be at least this visible to count as shown (and be read out). */
const IN_VIEW_THRESHOLD = 0.6;
const emblaOptions: EmblaOptionsType = { loop: true, align: "start", inViewThreshold: IN_VIEW_THRESHOLD };

const loadEngine = () => import("./carousel-engine");
const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

interface Engine {
  embla: EmblaCarouselType;
  autoplay: AutoplayType;
}

/**
 * Runs the carousel in `root`; returns a function that stops it and lets go of
 * everything. Swipe, arrow buttons and arrow keys move it; autoplay pauses while
 * hovered or focused within, stops with the pause button (WCAG 2.2.2), and never
 * starts for visitors who prefer reduced motion, who also get jumps instead of
 * animated scrolling. The buttons show once Embla runs (`carouselParts.ready`),
 * so every press finds it there.
 */
export function runCarousel(root: HTMLElement, delayMs: number): () => void {
  const find = (attribute: string, value?: string) =>
    root.querySelector<HTMLElement>(value === undefined ? `[${attribute}]` : `[${attribute}="${value}"]`);
  const viewport = find(carouselParts.viewport);
  const slides = find(carouselParts.slides);
  const rotationButton = find(carouselParts.control, "rotation");
  if (!viewport || !slides || !rotationButton) return () => {};
  const slideElements = [...root.querySelectorAll<HTMLElement>(`[${carouselParts.slide}]`)];

  const motion = window.matchMedia(reducedMotionQuery);
  // "auto" follows the visitor's motion preference until they press the button.
  let rotation: "auto" | "on" | "off" = "auto";
  // The pointer or focus may already be inside: what brought this code here may have been a touch or a tab.
  let hovered = root.matches(":hover");
  let focusWithin = root.contains(root.ownerDocument.activeElement);
  let engine: Engine | null = null;
  let status: "idle" | "loading" | "ready" | "stopped" = "idle";
  let autoplaying = false;

  const rotating = () => rotation === "on" || (rotation === "auto" && !motion.matches);
  const running = () => rotating() && !hovered && !focusWithin;

  /** Brings the button, the live region and autoplay in line with the state. */
  const update = () => {
    // The words are the markup's (carousel.tsx): this code carries none.
    const label = rotationButton.getAttribute(rotating() ? carouselParts.pauseLabel : carouselParts.playLabel) ?? "";
    const text = rotationButton.querySelector(".sr-only");
    if (text && text.textContent !== label) text.textContent = label;
    const icon: IconName = rotating() ? "pause" : "play";
    const use = rotationButton.querySelector("use");
    const href = use?.getAttribute("href");
    if (use && href) use.setAttribute("href", href.replace(/#.*$/, `#${icon}`));
    // Slides moving by themselves are not announced; moved by the visitor, they are.
    slides.setAttribute("aria-live", running() ? "off" : "polite");
    // Only on a change: play() restarts the interval.
    if (!engine || running() === autoplaying) return;
    autoplaying = running();
    if (autoplaying) engine.autoplay.play(motion.matches);
    else engine.autoplay.stop();
  };

  // Slides out of view are aria-hidden, so a slide coming into view is announced
  // (when the live region is on). Slides hold no links or buttons; if they ever
  // do, this must become `inert`.
  const markSlidesInView = () => {
    const shown = engine?.embla.slidesInView() ?? [];
    slideElements.forEach((slide, index) => {
      if (shown.includes(index)) slide.removeAttribute("aria-hidden");
      else slide.setAttribute("aria-hidden", "true");
    });
  };
  // A drag stops autoplay, and a change of width re-creates the plugin stopped:
  // either way it carries on unless something else paused it.
  const resume = () => {
    if (engine && running()) engine.autoplay.play(motion.matches);
  };
  const onReInit = () => {
    markSlidesInView();
    resume();
  };

  const start = ({ EmblaCarousel, Autoplay }: Awaited<ReturnType<typeof loadEngine>>) => {
    if (status !== "loading") return;
    status = "ready";
    const autoplay = Autoplay({ delay: delayMs, jump: motion.matches, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: false });
    const embla = EmblaCarousel(viewport, emblaOptions, [autoplay]);
    engine = { embla, autoplay };
    embla.on("slidesInView", markSlidesInView).on("reInit", onReInit).on("pointerUp", resume);
    markSlidesInView();
    update();
    root.setAttribute(carouselParts.ready, "");
  };
  const load = () => {
    if (status !== "idle") return;
    status = "loading";
    loadEngine().then(start, () => {
      // A failed download (offline, say) is tried again on the next press or touch.
      if (status === "loading") status = "idle";
    });
  };

  /** One slide on (1) or back (-1). */
  const step = (direction: 1 | -1) => {
    if (direction > 0) engine?.embla.scrollNext(motion.matches);
    else engine?.embla.scrollPrev(motion.matches);
  };

  const act = (action: CarouselAction) => {
    if (action === "rotation") {
      rotation = rotating() ? "off" : "on";
      update();
    } else step(action === "next" ? 1 : -1);
  };
  const onClick = (event: MouseEvent) => {
    const action = controlAction(root, event);
    if (action) act(action);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const action = arrowAction(event);
    if (action) act(action);
  };
  const setHovered = (value: boolean) => () => {
    hovered = value;
    update();
  };
  const onFocusIn = () => {
    focusWithin = true;
    update();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focusWithin = false;
    update();
  };

  const listeners = [
    ["click", onClick],
    ["keydown", onKeyDown],
    ["mouseenter", setHovered(true)],
    ["mouseleave", setHovered(false)],
    ["focusin", onFocusIn],
    ["focusout", onFocusOut],
    // A download that failed is tried again on the next touch.
    ["pointerdown", load],
  ] as const;
  for (const [type, listener] of listeners) root.addEventListener(type, listener as EventListener);
  motion.addEventListener("change", update);
  update();
  load();

  return () => {
    status = "stopped";
    motion.removeEventListener("change", update);
    for (const [type, listener] of listeners) root.removeEventListener(type, listener as EventListener);
    engine?.embla.destroy();
    engine = null;
    root.removeAttribute(carouselParts.ready);
    for (const slide of slideElements) slide.removeAttribute("aria-hidden");
  };
}
