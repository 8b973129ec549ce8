// The figures the spotlight editorials state, each with
// one name, from content/statistics.yaml. Pages and charts write them through
// number-formats.ts; no other module types these numbers.
import file from "../../content/statistics.yaml";
import { statedFigures } from "./figures";
import type { ContentOf } from "./schemas";
import type { ChartDatum } from "./types";

const statistics = file as ContentOf<"statistics.yaml">;

/** The UK freelance workforce, as the spotlight editorial states it. */
export const ukWorkforce = statistics.ukWorkforce;

export interface SectorEstimate extends ChartDatum {
  /** "Other" is stated as a floor (100k+), the rest as estimates (about 425k). */
  atLeast?: boolean;
}

/** The year of the sector estimates. */
export const sectorEstimatesYear = statistics.sectorEstimates.year;

/** Freelancers by sector, largest first (the file is checked for it): the payroll chart's series and the spotlight's sector list. */
export const freelancersBySector2025 = statistics.sectorEstimates.sectors satisfies readonly SectorEstimate[];

/** The payroll market comparison chart: the base year's index, then the sector estimates' year. */
export const payrollDemandIndex = [
  { name: String(statistics.payrollDemandIndex.baseYear), value: statistics.payrollDemandIndex.base },
  { name: String(sectorEstimatesYear), value: statistics.payrollDemandIndex.latest },
] as const satisfies readonly ChartDatum[];

/** The payroll market, as the payroll editorial states it. */
export const payrollMarket = statistics.payrollMarket;

/** UK recruitment, as the agencies editorial states it. */
export const recruitmentIndustry = statistics.recruitmentIndustry;

/** The figures as the editorials' sentences write them ("2.05 million"), as content files name them (`{figures.freelancers}`). */
export const figures = statedFigures(statistics);
