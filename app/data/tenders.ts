// Tenders & Project Delivery (/spotlight/tenders). The words are
// content/pages/tenders.yaml (the pages collection's `tenders`); the sample
// cards one file each in content/tenders/ (the tenders collection), both read
// by the route file.
import type { ContentOf } from "./schemas";
import type { Card } from "./types";

/** The sample cards' section: one entry per tender (in file-name order), shown by `order`, each listing the page's terms in this order. */
function sampleOpportunities(page: ContentOf<"pages/tenders.yaml">, tenders: readonly ContentOf<"tenders/*.yaml">[]) {
  const { heading, intro, terms } = page.sampleOpportunities;
  return {
    heading,
    intro,
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

/** The page's sections: its words, and the sample cards made from the tenders. */
export function tendersCopy(page: ContentOf<"pages/tenders.yaml">, tenders: readonly ContentOf<"tenders/*.yaml">[]) {
  return {
    tendersHero: page.hero,
    howWeDeliver: page.howWeDeliver,
    sampleOpportunities: sampleOpportunities(page, tenders),
    whoWeWorkWith: page.whoWeWorkWith,
    subcontractorRequirements: page.subcontractorRequirements,
    tendersCta: page.cta,
  };
}

export type TendersCopy = ReturnType<typeof tendersCopy>;
