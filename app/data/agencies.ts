import faq from "../../content/faqs/agencies.yaml";
import file from "../../content/pages/agencies.yaml";
import testimonials from "../../content/testimonials/agencies.yaml";
import type { ContentOf } from "./schemas";
import type { Action, Card, Step } from "./types";

const page = file as ContentOf<"pages/agencies.yaml"> satisfies {
  hero: { actions: Action[] };
  whatWeOffer: { cards: Card[] };
  partnershipProcess: { steps: Step[] };
};

export const agenciesHero = page.hero;

export const whatWeOffer = page.whatWeOffer;

export const partnershipProcess = page.partnershipProcess;

export const agenciesFaq = faq as ContentOf<"faqs/*.yaml">;

export const agencyTestimonials = testimonials as ContentOf<"testimonials/agencies.yaml">;

export const agenciesCta = page.cta;
