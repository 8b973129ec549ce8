// Spotlight On (/spotlight): UK freelancers by sector. The words are in
// content/spotlight/index.md; the figures come from statistics.
import file from "../../content/spotlight/index.md";
import { numberFormats } from "./number-formats";
import type { ContentOf } from "./schemas";
import { freelancersBySector2025, type SectorEstimate, ukWorkforce } from "./statistics";
import type { Action, Stat } from "./types";

const page = file as ContentOf<"spotlight/index.md">;
const [needs] = page.sections;

export const spotlightHero = page.hero satisfies { actions: Action[] };

const { labels } = page.workforce;
export const workforce = {
  heading: page.workforce.heading,
  intro: page.workforce.intro,
  stats: [
    { value: ukWorkforce.freelancers, label: labels.freelancers, format: numberFormats.millions },
    { value: ukWorkforce.selfEmployed, label: labels.selfEmployed, format: numberFormats.millionsShort },
    { value: ukWorkforce.freelanceInSomeCapacity, label: labels.freelanceInSomeCapacity, format: numberFormats.millionsShort },
  ] satisfies Stat[],
};

export const sectorEstimates = {
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
};

export const sectorNeeds = {
  heading: needs.heading,
  intro: needs.intro,
  items: needs.items,
  actions: page.sectorNeeds.actions satisfies Action[],
};

export const spotlightCta = page.cta satisfies { actions: Action[] };
