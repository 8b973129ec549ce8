import file from "../../content/pages/freelancers.yaml";
import type { ContentOf } from "./schemas";
import type { Action, Card, Step } from "./types";

/**
 * The words are content/pages/freelancers.yaml. The spec lists this page's
 * hero under About but says its page is not shown, and leaves the
 * Freelancers hero blank; it speaks to a freelancer's career, so it opens
 * this page (About keeps Who We Are as its one hero).
 */
const page = file as ContentOf<"pages/freelancers.yaml"> satisfies {
  hero: { actions: Action[] };
  whyChooseUs: { cards: Card[] };
  howItWorks: { steps: Step[] };
};

export const freelancersHero = page.hero;

export const whyChooseUs = page.whyChooseUs;

export const servicesForFreelancers = page.servicesForFreelancers;

export const freelancersHowItWorks = page.howItWorks;

export const getIntroduced = page.cta;
