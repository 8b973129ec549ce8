import { formatNumber, numberFormats } from "../number-formats";
import { paths } from "../paths";
import { recruitmentIndustry } from "../statistics";
import type { PageMeta } from "../types";

/** The recruitment figures as written, in the description and on the page. */
export const recruitmentFigures = {
  turnover: formatNumber(recruitmentIndustry.turnoverGbp, numberFormats.gbpBn),
  turnoverYear: recruitmentIndustry.turnoverYear,
  selfEmployed: formatNumber(recruitmentIndustry.selfEmployedFreelancersAndContractors, numberFormats.millionsPlus),
};
const { turnover, turnoverYear, selfEmployed } = recruitmentFigures;

export const agenciesSpotlightMeta: PageMeta = {
  title: `Agencies & Recruiters: UK recruitment in ${turnoverYear}`,
  description: `UK recruitment turned over ${turnover} in ${turnoverYear}, and ${selfEmployed} self-employed freelancers and contractors are part of the market. What agencies need to place them compliantly.`,
  path: paths.spotlightAgencies,
};
