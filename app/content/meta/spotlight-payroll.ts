import { formatNumber, numberFormats } from "../number-formats";
import { paths } from "../paths";
import { payrollDemandIndex, payrollMarket, sectorEstimatesYear } from "../statistics";
import type { PageMeta } from "../types";

/** The market figures as written, in the description and on the page. */
export const payrollFigures = {
  needingPayroll: formatNumber(payrollMarket.freelancersNeedingPayroll, numberFormats.millionsShort),
  processed: formatNumber(payrollMarket.marketValueGbp, numberFormats.gbpBnPlus),
};
const { needingPayroll, processed } = payrollFigures;
const [baseYear] = payrollDemandIndex;

export const payrollMeta: PageMeta = {
  title: "Payroll & Compliance: the UK freelance payroll market",
  description: `${needingPayroll} UK freelancers need compliant payroll and ${processed} is processed annually. Freelancers by sector in ${sectorEstimatesYear}, and how the market has grown since ${baseYear.name}.`,
  path: paths.spotlightPayroll,
};
