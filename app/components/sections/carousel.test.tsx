// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAROUSEL_BREAKPOINTS_PX, CAROUSEL_MAX_SLIDES_IN_VIEW, CAROUSEL_SLIDE_SPACING_PX } from "~/data/constants";
import { carouselCopy } from "~/data/shell.test-support";
import { Carousel, slideWidthClasses } from "./carousel";
import { defineElement } from "~/lib/custom-element";
import { carouselParts } from "./carousel-parts";
import startWhenNeeded from "./slide-carousel.element";
import { readEntry } from "../../../scripts/build/content-files";

const { whyChooseUs } = readEntry("pages/freelancers.yaml");

// Stand-ins for Embla and its autoplay plugin, recording what the carousel asks of them.
const engine = vi.hoisted(() => ({
  embla: { scrollNext: vi.fn(), scrollPrev: vi.fn(), destroy: vi.fn(), slidesInView: () => [0, 1], on: vi.fn(), off: vi.fn() },
  autoplay: { play: vi.fn(), stop: vi.fn() },
  EmblaCarousel: vi.fn(),
  Autoplay: vi.fn(),
}));
vi.mock("./carousel-engine", () => ({ EmblaCarousel: engine.EmblaCarousel, Autoplay: engine.Autoplay }));
// As the page's script does for a page holding a carousel (app/components/define-elements.ts).
defineElement("slide-carousel", startWhenNeeded);

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const remToPx = (value: string) => Number(value.replace("rem", "")) * 16;

describe("carousel layout follows the spec's constants", () => {
  it("the slide gap token is CAROUSEL_SLIDE_SPACING_PX", () => {
    expect(read("../../app.css")).toMatch(new RegExp(`--spacing-slide:\\s*${CAROUSEL_SLIDE_SPACING_PX}px;`));
  });

  it("Tailwind's sm, md and lg breakpoints are CAROUSEL_BREAKPOINTS_PX", () => {
    const theme = read("../../../node_modules/tailwindcss/theme.css");
    const breakpoint = (name: string) => remToPx(theme.match(new RegExp(`--breakpoint-${name}:\\s*([\\d.]+rem)`))![1]!);
    expect([breakpoint("sm"), breakpoint("md"), breakpoint("lg")]).toEqual([
      CAROUSEL_BREAKPOINTS_PX.one,
      CAROUSEL_BREAKPOINTS_PX.two,
      CAROUSEL_BREAKPOINTS_PX.three,
    ]);
  });

  it("cards show 1, then 2 from md, then 3 from lg; testimonials stop at 2", () => {
    expect(slideWidthClasses.cards.split(" ")).toEqual(["basis-full", "md:basis-1/2", "lg:basis-1/3"]);
    expect(slideWidthClasses.testimonials.split(" ")).toEqual(["basis-full", "md:basis-1/2"]);
    const widest = (classes: string) => Math.max(...classes.split(" ").map((c) => (c.endsWith("basis-full") ? 1 : Number(c.split("/")[1]))));
    expect(widest(slideWidthClasses.cards)).toBe(CAROUSEL_MAX_SLIDES_IN_VIEW.cards);
    expect(widest(slideWidthClasses.testimonials)).toBe(CAROUSEL_MAX_SLIDES_IN_VIEW.testimonials);
  });
});

describe("pre-rendered carousel", () => {
  const html = renderToString(
    <Carousel
      label={whyChooseUs.carouselLabel}
      items={whyChooseUs.cards}
      itemKey={(card) => card.title}
      renderSlide={(card) => <p>{card.text}</p>}
      copy={carouselCopy}
      autoplayMs={2500}
    />,
  );

  it("is a labelled carousel region holding every slide, none hidden", () => {
    expect(html).toContain(`aria-roledescription="carousel" aria-label="${whyChooseUs.carouselLabel}"`);
    for (const card of whyChooseUs.cards) expect(html).toContain(card.text);
    const total = whyChooseUs.cards.length;
    for (let n = 1; n <= total; n += 1) expect(html).toContain(`aria-label="${n} of ${total}"`);
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(total);
    expect(html).not.toContain("aria-hidden=\"true\" class=\"min-w-0");
  });

  it("starts as rotating, so its slides are not a live region yet", () => {
    expect(html).toContain('aria-live="off"');
    expect(html).toContain("Pause automatic slide show");
  });

  it("keeps its three buttons hidden, in their place, until its element is marked ready", () => {
    // Tailwind's arbitrary variant: visibility hidden while the enclosing <slide-carousel> lacks the mark.
    const hiddenUntilReady = `[slide-carousel:not([${carouselParts.ready}])_&amp;]:invisible`;
    expect(html.match(/<button [^>]*>/g)?.filter((tag) => tag.includes(hiddenUntilReady))).toHaveLength(3);
  });
});

describe("Embla, loaded on demand", () => {
  let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; target?: Element } | undefined;
  class RecordingObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observed = { callback, options };
    }
    observe(target: Element) {
      observed!.target = target;
    }
    disconnect() {}
  }
  const nearView = () =>
    act(async () => observed!.callback([{ isIntersecting: true, target: observed!.target! } as IntersectionObserverEntry], {} as IntersectionObserver));
  /** Lets the dynamic import and the effects that follow it settle. */
  const settle = () => act(() => new Promise((done) => setTimeout(done, 0)));

  function stubMotionPreference(reduce: boolean) {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: reduce && query.includes("reduce"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  const renderCarousel = () =>
    render(
      <Carousel
        label={whyChooseUs.carouselLabel}
        items={whyChooseUs.cards}
        itemKey={(card) => card.title}
        renderSlide={(card) => <p>{card.text}</p>}
        copy={carouselCopy}
        autoplayMs={2500}
      />,
    );
  const button = (name: string) => screen.getByRole("button", { name });

  beforeEach(() => {
    vi.clearAllMocks();
    engine.embla.on.mockReturnValue(engine.embla);
    engine.embla.off.mockReturnValue(engine.embla);
    engine.EmblaCarousel.mockReturnValue(engine.embla);
    engine.Autoplay.mockReturnValue(engine.autoplay);
    vi.stubGlobal("IntersectionObserver", RecordingObserver);
    stubMotionPreference(false);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    observed = undefined;
  });

  it("starts only once the carousel is within a viewport height of the screen, then autoplays at its interval", async () => {
    renderCarousel();
    await settle();
    expect(engine.EmblaCarousel).not.toHaveBeenCalled();
    expect(observed!.options?.rootMargin).toBe("100% 0px");
    expect(observed!.target).toBe(screen.getByRole("region", { name: whyChooseUs.carouselLabel }).closest("slide-carousel"));

    await nearView();
    await act(() => vi.waitFor(() => expect(engine.EmblaCarousel).toHaveBeenCalled()));
    expect(engine.Autoplay).toHaveBeenCalledWith(expect.objectContaining({ delay: 2500, playOnInit: false }));
    expect(engine.EmblaCarousel).toHaveBeenCalledWith(
      expect.any(HTMLDivElement),
      expect.objectContaining({ loop: true, align: "start" }),
      [engine.autoplay],
    );
    expect(engine.autoplay.play).toHaveBeenCalledWith(false);
    // Slides out of view are now hidden from screen readers.
    expect(screen.getAllByRole("group")).toHaveLength(2);
  });

  it("starts on the first focus inside, before it nears the screen", async () => {
    renderCarousel();
    fireEvent.focusIn(button(carouselCopy.next));
    await settle();
    expect(engine.EmblaCarousel).toHaveBeenCalledOnce();
  });

  it("keeps no press made before Embla runs it: each press acts on what the visitor sees", async () => {
    renderCarousel();
    // A click alone, as a screen reader's virtual cursor sends it, with no focus or pointer event before it.
    fireEvent.click(button(carouselCopy.next));
    fireEvent.keyDown(button(carouselCopy.next), { key: "ArrowRight" });
    await settle();
    expect(engine.EmblaCarousel).not.toHaveBeenCalled();
    await nearView();
    await settle();
    expect(engine.EmblaCarousel).toHaveBeenCalledOnce();
    expect(engine.embla.scrollNext).not.toHaveBeenCalled();

    fireEvent.click(button(carouselCopy.next));
    expect(engine.embla.scrollNext).toHaveBeenCalledOnce();
    fireEvent.keyDown(button(carouselCopy.next), { key: "ArrowLeft" });
    expect(engine.embla.scrollPrev).toHaveBeenCalledOnce();
  });

  it("the rotation button shows what it will do: pause while rotating, play once stopped", async () => {
    renderCarousel();
    await nearView();
    await settle();
    const icon = () => button(carouselCopy.pause).querySelector("use")!.getAttribute("href");
    expect(icon()).toMatch(/#pause$/);
    fireEvent.click(button(carouselCopy.pause));
    expect(button(carouselCopy.play).querySelector("use")!.getAttribute("href")).toMatch(/#play$/);
    expect(screen.getByRole("region").querySelector("[aria-live]")).toHaveAttribute("aria-live", "polite");
    fireEvent.click(button(carouselCopy.play));
    expect(icon()).toMatch(/#pause$/);
  });

  it("marks the carousel ready once Embla runs it, and no longer once it has let go", async () => {
    const { unmount } = renderCarousel();
    const element = screen.getByRole("region", { name: whyChooseUs.carouselLabel }).closest("slide-carousel")!;
    await settle();
    expect(element).not.toHaveAttribute(carouselParts.ready);
    await nearView();
    await act(() => vi.waitFor(() => expect(element).toHaveAttribute(carouselParts.ready)));
    unmount();
    expect(element).not.toHaveAttribute(carouselParts.ready);
  });

  it("lets go of Embla and shows every slide again when it leaves the page", async () => {
    const { unmount } = renderCarousel();
    await nearView();
    await settle();
    expect(screen.getAllByRole("group")).toHaveLength(2);
    const slides = [...document.querySelectorAll("[aria-roledescription=slide]")];
    unmount();
    expect(engine.embla.destroy).toHaveBeenCalledOnce();
    for (const slide of slides) expect(slide).not.toHaveAttribute("aria-hidden");
  });

  it("never autoplays for visitors who prefer reduced motion, and jumps", async () => {
    stubMotionPreference(true);
    renderCarousel();
    await nearView();
    await settle();
    expect(engine.autoplay.play).not.toHaveBeenCalled();
    fireEvent.click(button(carouselCopy.next));
    expect(engine.embla.scrollNext).toHaveBeenCalledWith(true);
  });
});
