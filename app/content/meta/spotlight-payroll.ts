import { paths } from "../paths";
import { figures } from "../statistics";
import type { PageMeta } from "../types";

const { freelancersNeedingPayroll, payrollProcessed, sectorEstimatesYear, payrollBaseYear } = figures;

export const payrollMeta: PageMeta = {
  title: "Payroll & Compliance: the UK freelance payroll market",
  description: `${freelancersNeedingPayroll} UK freelancers need compliant payroll and ${payrollProcessed} is processed annually. Freelancers by sector in ${sectorEstimatesYear}, and how the market has grown since ${payrollBaseYear}.`,
  path: paths.spotlightPayroll,
};
