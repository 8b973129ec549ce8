// Spotlight On (/spotlight): UK freelancers by sector. The words are
// content/spotlight/index.md (the spotlight collection's `index`, read by the
// route file); the figures come from statistics.
import { numberFormats } from "./number-formats";
import type { ContentOf } from "./schemas";
import type { SectorEstimate, Statistics } from "./statistics";
import type { Action, Stat } from "./types";

/** The page's sections: its words with the statistics' figures. */
export function spotlightCopy(page: ContentOf<"spotlight/index.md">, { freelancersBySector2025, ukWorkforce }: Statistics) {
  const [needs] = page.sections;
  const { labels } = page.workforce;
  return {
    spotlightHero: page.hero satisfies { actions: Action[] },
    workforce: {
      heading: page.workforce.heading,
      intro: page.workforce.intro,
      stats: [
        { value: ukWorkforce.freelancers, label: labels.freelancers, format: numberFormats.millions },
        { value: ukWorkforce.selfEmployed, label: labels.selfEmployed, format: numberFormats.millionsShort },
        { value: ukWorkforce.freelanceInSomeCapacity, label: labels.freelanceInSomeCapacity, format: numberFormats.millionsShort },
      ] satisfies Stat[],
    },
    sectorEstimates: {
      heading: page.sectorEstimates.heading,
      intro: page.sectorEstimates.intro,
      stats: freelancersBySector2025.map(
        (sector: SectorEstimate): Stat => ({
          value: sector.value,
          label: sector.name,
          format: sector.atLeast ? numberFormats.thousandsPlus : numberFormats.thousands,
        }),
      ),
      note: page.sectorEstimates.note,
    },
    sectorNeeds: {
      heading: needs.heading,
      intro: needs.intro,
      items: needs.items,
      actions: page.sectorNeeds.actions satisfies Action[],
    },
    spotlightCta: page.cta satisfies { actions: Action[] },
  };
}

export type SpotlightCopy = ReturnType<typeof spotlightCopy>;
