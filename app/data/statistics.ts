// The figures the spotlight editorials state, each with one name, from
// content/statistics.yaml (the statistics collection's one entry, read by
// the route files). Pages and charts write them through number-formats.ts;
// no other module types these numbers.
import type { ContentOf } from "./schemas";
import type { ChartDatum } from "./types";

export interface SectorEstimate extends ChartDatum {
  /** "Other" is stated as a floor (100k+), the rest as estimates (about 425k). */
  atLeast?: boolean;
}

/** The figures, named for the editorials. */
export function statisticsOf(statistics: ContentOf<"statistics.yaml">) {
  /** The year of the sector estimates. */
  const sectorEstimatesYear = statistics.sectorEstimates.year;
  return {
    /** The UK freelance workforce, as the spotlight editorial states it. */
    ukWorkforce: statistics.ukWorkforce,
    sectorEstimatesYear,
    /** Freelancers by sector, largest first (the file is checked for it): the payroll chart's series and the spotlight's sector list. */
    freelancersBySector2025: statistics.sectorEstimates.sectors satisfies readonly SectorEstimate[],
    /** The payroll market comparison chart: the base year's index, then the sector estimates' year. */
    payrollDemandIndex: [
      { name: String(statistics.payrollDemandIndex.baseYear), value: statistics.payrollDemandIndex.base },
      { name: String(sectorEstimatesYear), value: statistics.payrollDemandIndex.latest },
    ] as const satisfies readonly ChartDatum[],
    /** The payroll market, as the payroll editorial states it. */
    payrollMarket: statistics.payrollMarket,
    /** UK recruitment, as the agencies editorial states it. */
    recruitmentIndustry: statistics.recruitmentIndustry,
  };
}

export type Statistics = ReturnType<typeof statisticsOf>;
