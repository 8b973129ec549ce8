import { formatNumber, numberFormats } from "../number-formats";
import { paths } from "../paths";
import { sectorEstimatesYear, ukWorkforce } from "../statistics";
import type { PageMeta } from "../types";

/** The workforce figures as written, in the description and on the page. */
export const workforceFigures = {
  freelancers: formatNumber(ukWorkforce.freelancers, numberFormats.millions),
  selfEmployed: formatNumber(ukWorkforce.selfEmployed, numberFormats.millionsShort),
  someCapacity: formatNumber(ukWorkforce.freelanceInSomeCapacity, numberFormats.millionsShort),
};
const { freelancers, selfEmployed, someCapacity } = workforceFigures;

export const spotlightMeta: PageMeta = {
  title: "Spotlight On: UK freelancers by sector",
  description: `About ${freelancers} UK freelancers, ${selfEmployed} self-employed and ${someCapacity} who freelance in some capacity: where they work in ${sectorEstimatesYear}, sector by sector.`,
  path: paths.spotlight,
};
