// Payroll & Compliance (/spotlight/payroll): the UK freelance payroll market.
import { formatNumber, numberFormats } from "./number-formats";
import { payrollFigures } from "./meta/spotlight-payroll";
import { paths } from "./paths";
import { referAndEarnAction } from "./refer-and-earn";
import { freelancersBySector2025, payrollDemandIndex, payrollMarket, sectorEstimatesYear } from "./statistics";
import type { Action, Card, ChartDatum, NumberFormat, Stat } from "./types";

const { needingPayroll, processed } = payrollFigures;
const [largest, secondLargest] = freelancersBySector2025;
const [baseYear, latestYear] = payrollDemandIndex;

const comparePayrollProviders: Action = { label: "Compare Payroll Providers", href: paths.contact };
const listYourPayrollService: Action = { label: "List Your Payroll Service", href: paths.contact, variant: "secondary" };

export const payrollHero = {
  eyebrow: "Spotlight: Payroll & Compliance",
  title: "The UK payroll market for freelancers and contractors",
  intro: `${needingPayroll} freelancers need compliant payroll, and ${processed} is processed for them annually. We help freelancers compare PAYE, CIS and umbrella providers, and help good providers reach them.`,
  actions: [comparePayrollProviders, listYourPayrollService, referAndEarnAction] satisfies Action[],
};

export const payrollAtAGlance = {
  heading: "The payroll market at a glance",
  intro: "The people, the agencies and the money that UK freelance payroll moves every year.",
  stats: [
    { value: payrollMarket.freelancersNeedingPayroll, label: "freelancers", format: numberFormats.countPlus },
    { value: payrollMarket.agencies, label: "agencies", format: numberFormats.countPlus },
    { value: payrollMarket.marketValueGbp, label: "market value", format: numberFormats.gbpBillions },
  ] satisfies Stat[],
};

export interface ChartCopy {
  title: string;
  /** Column headings of the chart's data table (its text alternative). */
  categoryLabel: string;
  valueLabel: string;
  format: NumberFormat;
  data: readonly ChartDatum[];
}

export const sectorChart = {
  heading: `Freelancers by sector, ${sectorEstimatesYear}`,
  intro: `Every one of these freelancers needs to be paid correctly. ${largest.name} and ${secondLargest.name} alone account for about ${formatNumber(largest.value + secondLargest.value, numberFormats.thousands)}.`,
  chart: {
    title: `UK freelancers by sector, ${sectorEstimatesYear} estimates`,
    categoryLabel: "Sector",
    valueLabel: "Freelancers",
    format: numberFormats.thousands,
    data: freelancersBySector2025,
  } satisfies ChartCopy,
};

export const marketGrowth = {
  heading: `Payroll demand, ${baseYear.name} vs ${latestYear.name}`,
  intro: `The market for compliant freelance payroll is ${latestYear.value / baseYear.value} times the size it was in ${baseYear.name}. Three changes drive it.`,
  drivers: [
    "The off-payroll working rules (IR35) reached the private sector in April 2021, moving many contractors from their own companies to umbrella payroll.",
    "Agencies now check their supply chains for non-compliant umbrella companies, so compliant providers win the work.",
    "More people freelance alongside a job, and each of them needs a payslip that is right.",
  ],
  chart: {
    title: `Payroll market size, ${baseYear.name} vs ${latestYear.name} (index, ${baseYear.name} = ${baseYear.value})`,
    categoryLabel: "Year",
    valueLabel: `Index (${baseYear.name} = ${baseYear.value})`,
    format: numberFormats.plain,
    data: payrollDemandIndex,
  } satisfies ChartCopy,
};

export const payrollCovers = {
  heading: "What compliant payroll covers",
  intro: "We introduce freelancers to providers for each way of being paid, and check that they do it properly.",
  cards: [
    {
      icon: "wallet",
      title: "PAYE",
      text: "Paid through the agency or client's own payroll, with tax and National Insurance taken at source.",
    },
    {
      icon: "hard-hat",
      title: "CIS",
      text: "Construction Industry Scheme payroll for subcontractors: verified, deducted at the right rate and reported monthly.",
    },
    {
      icon: "umbrella",
      title: "Umbrella",
      text: "Employed by an umbrella company for each contract, with holiday pay, pension and a clear payslip.",
    },
    {
      icon: "scale",
      title: "IR35 status",
      text: "Help to understand a status determination before you choose how to be paid on a contract.",
    },
  ] satisfies Card[],
};

export const forProviders = {
  heading: "For payroll providers",
  intro: "List your service and meet freelancers and agencies who are choosing a provider now.",
  stats: [
    { value: payrollMarket.freelancersNeedingPayroll, label: "freelancers needing compliant payroll", format: numberFormats.millionsShort },
    { value: payrollMarket.marketValueGbp, label: "processed annually", format: numberFormats.gbpBnPlus },
  ] satisfies Stat[],
  reasons: [
    "Introductions to freelancers and agencies in the sectors you serve, by name, not as bought-in lists.",
    "A listing that shows your accreditations, fees and support hours side by side with others.",
    "Agencies we work with asking for compliant payroll partners for their contractors.",
  ],
};

export const payrollCta = {
  heading: "Find the right payroll provider",
  text: "Tell us how you work and we will introduce you to compliant providers to compare, or list your own payroll service.",
  actions: [comparePayrollProviders, listYourPayrollService] satisfies Action[],
};
