// Which schema each file under content/ is checked against, by its path there
// (`*` stands for one file name in a folder). scripts/content-plugin.ts
// refuses a file no entry matches, and one that does not fit its schema; the
// typed modules in app/content/ read the files as `ContentOf<that path>`.
import * as v from "valibot";
import { action, icon, testimonial, text } from "./common.ts";

export const homeHero = v.strictObject({
  headline: text,
  subtitle: text,
  actions: v.pipe(v.array(action), v.minLength(1, "needs at least one button")),
});

/** A page's testimonials section: its heading and the quotes, in order. */
export const testimonials = v.strictObject({
  heading: text,
  items: v.pipe(v.array(testimonial), v.minLength(1, "needs at least one testimonial")),
});

/** Testimonials shown as a carousel, which needs an accessible name. */
export const testimonialCarousel = v.strictObject({
  ...testimonials.entries,
  carouselLabel: text,
});

/** One sample tender on /spotlight/tenders: one file each, shown in `order`. */
export const tender = v.strictObject({
  /** Cards are shown by this number, lowest first. */
  order: v.pipe(v.number(), v.integer()),
  icon,
  title: text,
  text,
  value: text,
  client: text,
  scope: text,
});

export const contentFiles = {
  "home/hero.yaml": homeHero,
  "testimonials/home.yaml": testimonials,
  "testimonials/agencies.yaml": testimonialCarousel,
  "tenders/*.yaml": tender,
} as const satisfies Record<string, v.GenericSchema>;

export type ContentPath = keyof typeof contentFiles;
/** The data a content file (or each file of a folder) is, as the site reads it. */
export type ContentOf<P extends ContentPath> = v.InferOutput<(typeof contentFiles)[P]>;
