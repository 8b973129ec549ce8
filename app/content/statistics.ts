// The figures the spotlight editorials state (the spec's section 9), each with
// one name. Pages and charts write them through number-formats.ts; no other
// module types these numbers.
import type { ChartDatum } from "./types";

/** The UK freelance workforce, as the spotlight editorial states it. */
export const ukWorkforce = {
  /** About 2.05 million freelancers. */
  freelancers: 2_050_000,
  /** 4.3 million self-employed. */
  selfEmployed: 4_300_000,
  /** 7.4 million who freelance in some capacity. */
  freelanceInSomeCapacity: 7_400_000,
} as const;

export interface SectorEstimate extends ChartDatum {
  /** "Other" is stated as a floor (100k+), the rest as estimates (about 425k). */
  atLeast?: boolean;
}

/** The year of the sector estimates. */
export const sectorEstimatesYear = 2025;

/** Freelancers by sector, 2025 estimates: the payroll chart's series and the spotlight's sector list. */
export const freelancersBySector2025 = [
  { name: "Information Tech", value: 425_000 },
  { name: "Construction (CIS)", value: 385_000 },
  { name: "Creative & Media", value: 280_000 },
  { name: "Health & Social Care", value: 250_000 },
  { name: "Education & Training", value: 185_000 },
  { name: "Finance & Legal", value: 160_000 },
  { name: "Business Services", value: 150_000 },
  { name: "Transport & Logistics", value: 110_000 },
  { name: "Other", value: 100_000, atLeast: true },
] as const satisfies readonly SectorEstimate[];

/** The payroll market comparison chart: 2019 = 100, 2025 = 300. */
export const payrollDemandIndex = [
  { name: "2019", value: 100 },
  { name: String(sectorEstimatesYear), value: 300 },
] as const satisfies readonly ChartDatum[];

/** The payroll market, as the payroll editorial states it. */
export const payrollMarket = {
  /** 1,900,000+ freelancers (also written "1.9 million needing compliant payroll"). */
  freelancersNeedingPayroll: 1_900_000,
  /** 40,000+ agencies. */
  agencies: 40_000,
  /** £4.5 billion market value (also written "£4.5bn+ processed annually"). */
  marketValueGbp: 4_500_000_000,
} as const;

/** UK recruitment, as the agencies editorial states it. */
export const recruitmentIndustry = {
  /** The year of the turnover figure. */
  turnoverYear: 2024,
  /** Recruitment industry turnover in 2024: £46B. */
  turnoverGbp: 46_000_000_000,
  /** 1.5M+ self-employed freelancers and contractors. */
  selfEmployedFreelancersAndContractors: 1_500_000,
} as const;
