import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CAROUSEL_BREAKPOINTS_PX, CAROUSEL_MAX_SLIDES_IN_VIEW, CAROUSEL_SLIDE_SPACING_PX } from "~/content/constants";
import { whyChooseUs } from "~/content/freelancers";
import { Carousel, slideWidthClasses } from "./carousel";

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
});
