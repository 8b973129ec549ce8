import type { IconName } from "./icon-names";
import { CONTACT_RESPONSE_PROMISE } from "./constants";
import { categoryNotFound } from "./meta/service-category";
import { paths, type ServiceSlug } from "./paths";
import type { Action, FaqItem } from "./types";

// The services overview (/services) and one content record per service
// category (/services/{slug}), all rendered by the same two route modules.

/** A headed list on a category page (the USA support list, the UAE community list). */
export interface CategoryList {
  heading: string;
  intro?: string;
  items: readonly string[];
}

/** The illustrations drawn for the site (app/assets/services/), one per category, named by its slug. */
export type ServiceArt = ServiceSlug;

export interface ServiceCategory {
  /** Card title, page eyebrow or heading, and page title. */
  title: string;
  /** One or two sentences: the card text, the hero intro and the meta description. */
  description: string;
  /** Icon on the overview card. */
  icon: IconName;
  heroImage: ServiceArt;
  /** Optional hero text in place of the title and description (the USA and UAE pages). */
  hero?: { headline: string; subheadline: string };
  intro?: string;
  /** A benefit may begin with an emoji, which is then shown as its icon. */
  benefits: readonly string[];
  faq: readonly FaqItem[];
  cta: { text: string; link: string };
  support?: CategoryList;
  community?: CategoryList;
}

export const servicesHero = {
  eyebrow: "Our services",
  title: "Everything a freelancer needs, through one introduction",
  intro:
    "Choose what you need help with. We introduce you to partners we have checked, at no cost to you, and stay on hand while you get started.",
  browseLabel: "Browse Services",
  actions: [{ label: "Contact Us", href: paths.contact, variant: "secondary" }] satisfies Action[],
};

export const servicesList = {
  heading: "Explore our services",
  intro: "Eight ways we help freelancers and contractors in the UK, the USA and the UAE.",
  /** The visible text of each card's link; the category name follows for screen readers. */
  exploreLabel: "Explore",
};

/** Shared wording of every category page. */
export const serviceCategoryCopy = {
  eyebrow: "Services",
  introHeading: "Overview",
  benefitsHeading: "What you get",
  faqHeading: "Frequently asked questions",
  ctaHeading: "Ready for an introduction?",
  ctaText: `Tell us what you need in two minutes. We will reply within ${CONTACT_RESPONSE_PROMISE}, and introductions are free for freelancers.`,
  notFound: categoryNotFound,
} as const;
