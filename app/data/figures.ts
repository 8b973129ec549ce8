// The figures of content/statistics.yaml as the spotlight editorials write
// them in sentences ("2.05 million", "£46bn"), by the names content files use
// as placeholders: `{figures.freelancers}`. Pure, so the build (which fills
// the placeholders from statistics.yaml itself: scripts/build/content-files.ts)
// and the site's modules (the meta descriptions) write each figure the same way.
import { formatNumber, numberFormats } from "./number-formats.ts";
import type { InferOutput } from "valibot";
import type { statistics } from "./schemas/index.ts";

/** statistics.yaml's data (the schema's type: this module reads no file itself). */
type Statistics = InferOutput<typeof statistics>;

export function statedFigures({ ukWorkforce, sectorEstimates, payrollDemandIndex, payrollMarket, recruitmentIndustry }: Statistics) {
  const [largest, secondLargest] = sectorEstimates.sectors;
  return {
    freelancers: formatNumber(ukWorkforce.freelancers, numberFormats.millions),
    selfEmployed: formatNumber(ukWorkforce.selfEmployed, numberFormats.millionsShort),
    freelanceInSomeCapacity: formatNumber(ukWorkforce.freelanceInSomeCapacity, numberFormats.millionsShort),
    sectorEstimatesYear: String(sectorEstimates.year),
    largestSector: largest.name,
    secondLargestSector: secondLargest.name,
    /** The two largest sectors' freelancers together. */
    twoLargestSectors: formatNumber(largest.value + secondLargest.value, numberFormats.thousands),
    payrollBaseYear: String(payrollDemandIndex.baseYear),
    payrollBaseIndex: String(payrollDemandIndex.base),
    /** The payroll index's latest year is the sector estimates' year. */
    payrollLatestYear: String(sectorEstimates.year),
    /** How many times its base-year size the payroll market is. */
    payrollGrowth: String(payrollDemandIndex.latest / payrollDemandIndex.base),
    freelancersNeedingPayroll: formatNumber(payrollMarket.freelancersNeedingPayroll, numberFormats.millionsShort),
    payrollProcessed: formatNumber(payrollMarket.marketValueGbp, numberFormats.gbpBnPlus),
    recruitmentTurnover: formatNumber(recruitmentIndustry.turnoverGbp, numberFormats.gbpBn),
    recruitmentYear: String(recruitmentIndustry.turnoverYear),
    recruitmentSelfEmployed: formatNumber(recruitmentIndustry.selfEmployedFreelancersAndContractors, numberFormats.millionsPlus),
  };
}

export type StatedFigures = ReturnType<typeof statedFigures>;
