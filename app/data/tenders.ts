// Tenders & Project Delivery (/spotlight/tenders). The words are
// content/pages/tenders.yaml; the sample cards one file each in content/tenders/.
import file from "../../content/pages/tenders.yaml";
import tenderFiles from "../../content/tenders/*.yaml";
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

export const sampleOpportunities = {
  heading: page.sampleOpportunities.heading,
  intro: page.sampleOpportunities.intro,
  // One file per tender (the folder is read in file-name order), shown by `order`.
  cards: [...(tenderFiles as ContentOf<"tenders/*.yaml">[])]
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

export const whoWeWorkWith = page.whoWeWorkWith;

export const subcontractorRequirements = page.subcontractorRequirements;

export const tendersCta = page.cta;
