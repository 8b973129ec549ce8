// Agencies & Recruiters (/spotlight/agencies): the recruitment editorial. The
// words are content/spotlight/agencies.md (the spotlight collection's
// `agencies`, read by the route file); the figures come from statistics.
import { numberFormats } from "./number-formats";
import type { ContentOf } from "./schemas";
import type { Statistics } from "./statistics";
import type { Action, Card, Stat } from "./types";

/** The page's sections: its words with the statistics' figures. */
export function agenciesSpotlightCopy(page: ContentOf<"spotlight/agencies.md">, { recruitmentIndustry }: Statistics, referAndEarn: Action) {
  const [complianceChecklist, nextEdition] = page.sections;

  const agenciesSpotlightHero = {
    ...page.hero,
    actions: [...page.hero.actions, referAndEarn] satisfies Action[],
  };

  const recruitmentFigures = {
    heading: page.figures.heading,
    stats: [
      { value: recruitmentIndustry.turnoverGbp, label: page.figures.labels.turnover, format: numberFormats.gbpBn },
      {
        value: recruitmentIndustry.selfEmployedFreelancersAndContractors,
        label: page.figures.labels.selfEmployed,
        format: numberFormats.millionsPlus,
      },
    ] satisfies Stat[],
  };

  const agencyNeeds = page.needs satisfies { cards: Card[] };

  const agenciesSpotlightCta = page.cta satisfies { actions: Action[] };

  return { agenciesSpotlightHero, recruitmentFigures, agencyNeeds, complianceChecklist, nextEdition, agenciesSpotlightCta };
}

export type AgenciesSpotlightCopy = ReturnType<typeof agenciesSpotlightCopy>;
