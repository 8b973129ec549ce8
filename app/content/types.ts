import type { IconName } from "~/components/ui/icon";

/** A call to action: an internal path or an external URL (which opens in a new tab). */
export interface Action {
  label: string;
  href: string;
  external?: boolean;
  variant?: "primary" | "secondary";
}

export interface Card {
  title: string;
  text: string;
  icon?: IconName;
}

export interface Step {
  title: string;
  text: string;
}

export interface Testimonial {
  quote: string;
  author: string;
  /** Empty on the home page, so the author's initial stands in as the avatar. */
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

/** The Open Graph artwork, one per page type (app/assets/og/, made by scripts/make-media.sh). */
export type OgImage = "home" | "audience" | "services" | "spotlight" | "legal" | "default";
