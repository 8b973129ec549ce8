import { paths } from "../paths";
import { figures } from "../statistics";
import type { PageMeta } from "../types";

const { recruitmentTurnover, recruitmentYear, recruitmentSelfEmployed } = figures;

export const agenciesSpotlightMeta: PageMeta = {
  title: `Agencies & Recruiters: UK recruitment in ${recruitmentYear}`,
  description: `UK recruitment turned over ${recruitmentTurnover} in ${recruitmentYear}, and ${recruitmentSelfEmployed} self-employed freelancers and contractors are part of the market. What agencies need to place them compliantly.`,
  path: paths.spotlightAgencies,
};
