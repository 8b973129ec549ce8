// Which schema each file under content/ is checked against, by its path there
// (`*` stands for one file name in a folder). scripts/content-plugin.ts
// refuses a file no entry matches, and one that does not fit its schema; the
// typed modules in app/content/ read the files as `ContentOf<that path>`.
import * as v from "valibot";
import { action, faqItem, icon, isoDate, legalBlock, testimonial, text } from "./common.ts";

/**
 * A YAML file is checked against its schema; a Markdown file's front matter,
 * with its body as `sections` (`## Heading` and what follows it:
 * scripts/content-markdown.ts), is checked against `schema`.
 */
export type ContentEntry = v.GenericSchema | { markdown: "sections"; schema: v.GenericSchema };

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

/** A headed list of questions and answers (an FAQ section). */
export const faq = v.strictObject({
  heading: text,
  items: v.pipe(v.array(faqItem), v.minLength(1, "needs at least one question")),
});

/** A legal page (privacy, terms, cookies): front matter, then `##` sections of paragraphs, lists and terms. */
export const legalDocument = v.strictObject({
  title: text,
  intro: text,
  lastUpdated: isoDate,
  sections: v.pipe(
    v.array(v.strictObject({ heading: text, blocks: v.pipe(v.array(legalBlock), v.minLength(1, "a section needs some text")) })),
    v.minLength(1, "needs at least one ## section"),
  ),
});

export const contentFiles = {
  "home/hero.yaml": homeHero,
  "testimonials/home.yaml": testimonials,
  "testimonials/agencies.yaml": testimonialCarousel,
  "tenders/*.yaml": tender,
  "faqs/*.yaml": faq,
  "legal/*.md": { markdown: "sections", schema: legalDocument },
} as const satisfies Record<string, ContentEntry>;

export type ContentPath = keyof typeof contentFiles;
type SchemaOf<E> = E extends { schema: infer S extends v.GenericSchema } ? S : E extends v.GenericSchema ? E : never;
/** The data a content file (or each file of a folder) is, as the site reads it. */
export type ContentOf<P extends ContentPath> = v.InferOutput<SchemaOf<(typeof contentFiles)[P]>>;
