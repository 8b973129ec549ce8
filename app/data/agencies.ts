import file from "../../content/pages/agencies.yaml";
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

export const agenciesCta = page.cta;
