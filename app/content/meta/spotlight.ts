import { paths } from "../paths";
import { figures } from "../statistics";
import type { PageMeta } from "../types";

const { freelancers, selfEmployed, freelanceInSomeCapacity, sectorEstimatesYear } = figures;

export const spotlightMeta: PageMeta = {
  title: "Spotlight On: UK freelancers by sector",
  description: `About ${freelancers} UK freelancers, ${selfEmployed} self-employed and ${freelanceInSomeCapacity} who freelance in some capacity: where they work in ${sectorEstimatesYear}, sector by sector.`,
  path: paths.spotlight,
};
