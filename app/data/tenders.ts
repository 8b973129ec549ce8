// Tenders & Project Delivery (/spotlight/tenders). The words are
// content/pages/tenders.yaml; the sample cards one file each in content/tenders/
// (the tenders collection, read by the route file).
import file from "../../content/pages/tenders.yaml";
import type { ContentOf } from "./schemas";
import type { Action, Card, Step } from "./types";

const page = file as ContentOf<"pages/tenders.yaml"> satisfies {
  hero: { actions: Action[] };
  howWeDeliver: { steps: Step[] };
  whoWeWorkWith: { cards: Card[] };
  cta: { actions: Action[] };
};

export const tendersHero = page.hero;

export const howWeDeliver = page.howWeDeliver;

/** What a sample card lists, in this order. */
const { terms } = page.sampleOpportunities;

/** The sample cards' section: one entry per tender (in file-name order), shown by `order`. */
export function sampleOpportunities(tenders: readonly ContentOf<"tenders/*.yaml">[]) {
  return {
    heading: page.sampleOpportunities.heading,
    intro: page.sampleOpportunities.intro,
    cards: [...tenders]
      .sort((a, b) => a.order - b.order)
      .map(({ icon, title, text, value, client, scope }) => ({
        icon,
        title,
        text,
        details: [
          { term: terms.value, detail: value },
          { term: terms.client, detail: client },
          { term: terms.scope, detail: scope },
        ],
      })) satisfies Card[],
  };
}

export type SampleOpportunities = ReturnType<typeof sampleOpportunities>;

export const whoWeWorkWith = page.whoWeWorkWith;

export const subcontractorRequirements = page.subcontractorRequirements;

export const tendersCta = page.cta;
