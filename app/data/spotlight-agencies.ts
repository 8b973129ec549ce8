// Agencies & Recruiters (/spotlight/agencies): the recruitment editorial. The
// words are in content/spotlight/agencies.md; the figures come from statistics.
import file from "../../content/spotlight/agencies.md";
import { numberFormats } from "./number-formats";
import { referAndEarnAction } from "./refer-and-earn";
import type { ContentOf } from "./schemas";
import { recruitmentIndustry } from "./statistics";
import type { Action, Card, Stat } from "./types";

const page = file as ContentOf<"spotlight/agencies.md">;
const [checklist, edition] = page.sections;

export const agenciesSpotlightHero = {
  ...page.hero,
  // Refer & Earn's address is the site's (siteProfile), not the page's.
  actions: [...page.hero.actions, referAndEarnAction] satisfies Action[],
};

export const recruitmentFigures = {
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

export const agencyNeeds = page.needs satisfies { cards: Card[] };

export const complianceChecklist = checklist;

export const nextEdition = edition;

export const agenciesSpotlightCta = page.cta satisfies { actions: Action[] };
