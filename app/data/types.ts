import type { IconName } from "./icon-names";

/** A call to action: an internal path or an external URL (which opens in a new tab). */
export interface Action {
  label: string;
  href: string;
  external?: boolean;
  /** After an external link's label, for screen readers: site/layout.yaml's footer.newTab, given by the code that makes the action. */
  newTab?: string;
  variant?: "primary" | "secondary";
}

export interface Card {
  title: string;
  text: string;
  icon?: IconName;
  /** Where the card's link goes (see CardGrid's `linkLabel`). */
  href?: string;
  /** Structured facts under the text, e.g. a sample tender's value and client. */
  details?: readonly Detail[];
}

export interface Step {
  title: string;
  text: string;
}

export interface Testimonial {
  quote: string;
  author: string;
  /** A photo uploaded through the editor; without one a person (an author with a role) gets their initial. */
  avatar?: string;
  /** A role label shown under the author (other pages use the role as the author). */
  role?: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface PageMeta {
  title: string;
  description: string;
  path: string;
  /** Open Graph image (1200×630) by page type; chosen from the path when omitted. */
  image?: OgImage;
}

/** A term and its explanation in a legal page (a `dl`); `href` makes the detail a link. */
export interface LegalTerm {
  term: string;
  detail: string;
  href?: string;
}

/** One block of a legal section: a paragraph, a bulleted list, or terms with their details. */
export type LegalBlock = string | { list: readonly string[] } | { terms: readonly LegalTerm[] };

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

/** A legal page (privacy, terms, cookies): headed sections of plain prose. */
export interface LegalDocument {
  title: string;
  intro: string;
  /** YYYY-MM-DD */
  lastUpdated: string;
  sections: readonly LegalSection[];
}

/** One labelled fact on a card (a tender's value, client type, scope). Rendered as a dt/dd pair. */
export interface Detail {
  term: string;
  detail: string;
}

/** How a figure is written: £4.5 billion is 4.5e9 with prefix "£", divisor 1e9, one decimal, suffix " billion". */
export interface NumberFormat {
  prefix?: string;
  suffix?: string;
  /** The value is divided by this before it is written (1e6 for "million"). */
  divisor?: number;
  decimals?: number;
}

/** The hero's looping background video and the poster shown before it plays (and instead of it, under reduced motion). */
export interface HeroVideo {
  webm: string;
  mp4: string;
  poster: string;
}

/** The flags the site has (flag-icons' codes), drawn by CountryFlags. */
export type FlagCode = "gb" | "eu" | "us" | "ae";

/** A country or region the service operates in, with its flag. */
export interface Country {
  name: string;
  flag: FlagCode;
}

/** A headline figure with its label. */
export interface Stat {
  value: number;
  label: string;
  format: NumberFormat;
}

/** One bar of a chart (the spec's chart data: a name and a value). */
export interface ChartDatum {
  name: string;
  value: number;
}
/** The Open Graph artwork, one per page type (app/assets/og/, made by scripts/make-media.sh). */
export type OgImage = "home" | "audience" | "services" | "spotlight" | "legal" | "default";
/** An editorial notice on Resources, shown dated with the visitor's today's date, as the spec asks. */
export interface IndustryUpdate {
  title: string;
  summary: string;
}
