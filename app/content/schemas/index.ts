// Which schema each file under content/ is checked against, by its path there
// (`*` stands for one file name in a folder). scripts/build/content-data-plugin.ts
// refuses a file no entry matches, and one that does not fit its schema; the
// typed modules in app/content/ read the files as `ContentOf<that path>`.
import * as v from "valibot";
import { serviceSlugs } from "../../../contract/paths.ts";
import { action, card, faqItem, href, icon, isoDate, legalBlock, testimonial, text } from "./common.ts";

/**
 * A YAML file is checked against its schema; a Markdown file's front matter,
 * with its body as `sections` (`## Heading` and what follows it:
 * scripts/build/content-markdown.ts), is checked against `schema`.
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

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const year = v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100));
const sector = v.strictObject({ name: text, value: count, atLeast: v.optional(v.boolean()) });

/** The figures the spotlight editorials state. */
export const statistics = v.strictObject({
  ukWorkforce: v.strictObject({ freelancers: count, selfEmployed: count, freelanceInSomeCapacity: count }),
  sectorEstimates: v.strictObject({
    year,
    sectors: v.pipe(
      // At least two: the payroll page names the two largest.
      v.tupleWithRest([sector, sector], sector),
      v.check((list) => list.every((item, index) => index === 0 || item.value <= (list[index - 1]?.value ?? 0)), "list the sectors largest first"),
    ),
  }),
  payrollDemandIndex: v.strictObject({ baseYear: year, base: v.pipe(count, v.minValue(1)), latest: count }),
  payrollMarket: v.strictObject({ freelancersNeedingPayroll: count, agencies: count, marketValueGbp: count }),
  recruitmentIndustry: v.strictObject({ turnoverYear: year, turnoverGbp: count, selfEmployedFreelancersAndContractors: count }),
});

/** A headed list on a category page (the USA support list, the UAE community list). */
const categoryList = v.strictObject({ heading: text, intro: v.optional(text), items: v.pipe(v.array(text), v.minLength(1)) });

/** One service category: its page (/services/<slug>) and its card on /services. The file's name is the slug. */
export const serviceCategory = v.strictObject({
  /** Card title, page eyebrow or heading, and page title. */
  title: text,
  /** One or two sentences: the card text, the hero intro and the meta description. */
  description: text,
  icon,
  /** The illustration drawn for the category (app/assets/services/), named by its slug. */
  heroImage: v.picklist(serviceSlugs, (issue) => `"${String(issue.input)}" is not one of the illustrations (${serviceSlugs.join(", ")})`),
  /** Hero text in place of the title and description. */
  hero: v.optional(v.strictObject({ headline: text, subheadline: text })),
  intro: v.optional(text),
  /** A benefit may begin with an emoji, which is then shown as its icon. */
  benefits: v.pipe(v.array(text), v.minLength(1)),
  faq: v.array(faqItem),
  cta: v.strictObject({ text, link: href }),
  support: v.optional(categoryList),
  community: v.optional(categoryList),
});

const navLink = v.strictObject({ label: text, href });
const links = v.pipe(v.array(navLink), v.minLength(1));

/** The header's menu and its Get Started button. */
export const headerNavigation = v.strictObject({
  menu: v.pipe(v.array(v.strictObject({ ...navLink.entries, submenu: v.optional(links) })), v.minLength(1)),
  getStarted: navLink,
});

export const footerNavigation = v.strictObject({ quickLinks: links, legalLinks: links });

/** A page's opening: eyebrow, title, intro and buttons. */
const pageHero = v.strictObject({ eyebrow: text, title: text, intro: text, actions: v.array(action) });

/** A headed section of cards, with an optional intro and buttons. */
const cardSection = v.strictObject({
  heading: text,
  intro: v.optional(text),
  cards: v.pipe(v.array(card), v.minLength(1)),
  actions: v.optional(v.array(action)),
});

/** A `##` section of paragraphs only. */
const proseSection = v.strictObject({
  heading: text,
  blocks: v.pipe(v.array(v.pipe(v.unknown(), v.check((block) => typeof block === "string", "only paragraphs here, no lists"), v.transform((block) => block as string))), v.minLength(1)),
});

/** /about: the hero and the two card sections in the front matter, then the story, mission and vision as three `##` sections. */
export const aboutPage = v.strictObject({
  hero: pageHero,
  values: cardSection,
  compliance: v.strictObject({ ...cardSection.entries, actions: v.pipe(v.array(action), v.minLength(1)) }),
  sections: v.strictTuple([proseSection, proseSection, proseSection], "needs exactly three ## sections: the story, the mission and the vision"),
});

/** A `##` section of one paragraph, its intro, then one list (`- item` lines), its items. */
const listSection = v.pipe(
  v.strictObject({
    heading: text,
    blocks: v.strictTuple(
      [text, v.strictObject({ list: v.pipe(v.array(text), v.minLength(1)) }, "then a list (- item lines)")],
      "needs one paragraph (its intro), then one list (- item lines)",
    ),
  }),
  v.transform(({ heading, blocks: [intro, { list }] }) => ({ heading, intro, items: list })),
);

/** A closing call to action: heading, a line of text, buttons. */
const ctaBand = v.strictObject({ heading: text, text, actions: v.pipe(v.array(action), v.minLength(1)) });

/** A headed section of cards with an intro. */
const introCards = v.strictObject({ heading: text, intro: text, cards: v.pipe(v.array(card), v.minLength(1)) });

/** The labels under a stat grid's figures, by figure (the values come from statistics.yaml). */
const labels = <const K extends string>(...keys: K[]) => v.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>);

/** A chart's words: its title and its data table's column headings (the data come from statistics.yaml). */
const chartCopy = v.strictObject({ title: text, categoryLabel: text, valueLabel: text });

/** /spotlight: UK freelancers by sector; its one `##` section is what each sector needs. */
export const spotlightPage = v.strictObject({
  hero: pageHero,
  workforce: v.strictObject({ heading: text, intro: text, labels: labels("freelancers", "selfEmployed", "freelanceInSomeCapacity") }),
  sectorEstimates: v.strictObject({ heading: text, intro: text, note: text }),
  sectorNeeds: v.strictObject({ actions: v.array(action) }),
  cta: ctaBand,
  sections: v.strictTuple([listSection], "needs exactly one ## section: what each sector needs (an intro, then a list)"),
});

/** /spotlight/agencies; its two `##` sections are the compliance checklist and the next edition. */
export const agenciesSpotlightPage = v.strictObject({
  hero: pageHero,
  figures: v.strictObject({ heading: text, labels: labels("turnover", "selfEmployed") }),
  needs: introCards,
  cta: ctaBand,
  sections: v.strictTuple([listSection, listSection], "needs exactly two ## sections: the compliance checklist and the next edition"),
});

/** /spotlight/payroll; its two `##` sections are the market's growth and the section for payroll providers. */
export const payrollSpotlightPage = v.strictObject({
  hero: pageHero,
  atAGlance: v.strictObject({ heading: text, intro: text, labels: labels("freelancers", "agencies", "marketValue") }),
  sectorChart: v.strictObject({ heading: text, intro: text, chart: chartCopy }),
  marketGrowth: v.strictObject({ chart: chartCopy }),
  covers: introCards,
  forProviders: v.strictObject({ labels: labels("freelancersNeedingPayroll", "processed") }),
  cta: ctaBand,
  sections: v.strictTuple([listSection, listSection], "needs exactly two ## sections: the market's growth and the one for payroll providers"),
});

export const contentFiles = {
  "home/hero.yaml": homeHero,
  "testimonials/home.yaml": testimonials,
  "testimonials/agencies.yaml": testimonialCarousel,
  "tenders/*.yaml": tender,
  "faqs/*.yaml": faq,
  "statistics.yaml": statistics,
  "services/*.yaml": serviceCategory,
  "navigation/header.yaml": headerNavigation,
  "navigation/footer.yaml": footerNavigation,
  "legal/*.md": { markdown: "sections", schema: legalDocument },
  "about.md": { markdown: "sections", schema: aboutPage },
  "spotlight/index.md": { markdown: "sections", schema: spotlightPage },
  "spotlight/agencies.md": { markdown: "sections", schema: agenciesSpotlightPage },
  "spotlight/payroll.md": { markdown: "sections", schema: payrollSpotlightPage },
} as const satisfies Record<string, ContentEntry>;

export type ContentPath = keyof typeof contentFiles;
type SchemaOf<E> = E extends { schema: infer S extends v.GenericSchema } ? S : E extends v.GenericSchema ? E : never;
/** The data a content file (or each file of a folder) is, as the site reads it. */
export type ContentOf<P extends ContentPath> = v.InferOutput<SchemaOf<(typeof contentFiles)[P]>>;
