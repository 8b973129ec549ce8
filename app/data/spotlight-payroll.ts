// Payroll & Compliance (/spotlight/payroll): the UK freelance payroll market.
// The words are in content/spotlight/payroll.md; the figures and the charts'
// data come from statistics.
import file from "../../content/spotlight/payroll.md";
import { numberFormats } from "./number-formats";
import { referAndEarnAction } from "./refer-and-earn";
import type { ContentOf } from "./schemas";
import { freelancersBySector2025, payrollDemandIndex, payrollMarket } from "./statistics";
import type { Action, Card, ChartDatum, NumberFormat, Stat } from "./types";

const page = file as ContentOf<"spotlight/payroll.md">;
const [growth, providers] = page.sections;

export const payrollHero = {
  ...page.hero,
  // Refer & Earn's address is the site's (siteProfile), not the page's.
  actions: [...page.hero.actions, referAndEarnAction] satisfies Action[],
};

const glance = page.atAGlance;
export const payrollAtAGlance = {
  heading: glance.heading,
  intro: glance.intro,
  stats: [
    { value: payrollMarket.freelancersNeedingPayroll, label: glance.labels.freelancers, format: numberFormats.countPlus },
    { value: payrollMarket.agencies, label: glance.labels.agencies, format: numberFormats.countPlus },
    { value: payrollMarket.marketValueGbp, label: glance.labels.marketValue, format: numberFormats.gbpBillions },
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
  heading: page.sectorChart.heading,
  intro: page.sectorChart.intro,
  chart: { ...page.sectorChart.chart, format: numberFormats.thousands, data: freelancersBySector2025 } satisfies ChartCopy,
};

export const marketGrowth = {
  heading: growth.heading,
  intro: growth.intro,
  drivers: growth.items,
  chart: { ...page.marketGrowth.chart, format: numberFormats.plain, data: payrollDemandIndex } satisfies ChartCopy,
};

export const payrollCovers = page.covers satisfies { cards: Card[] };

export const forProviders = {
  heading: providers.heading,
  intro: providers.intro,
  stats: [
    { value: payrollMarket.freelancersNeedingPayroll, label: page.forProviders.labels.freelancersNeedingPayroll, format: numberFormats.millionsShort },
    { value: payrollMarket.marketValueGbp, label: page.forProviders.labels.processed, format: numberFormats.gbpBnPlus },
  ] satisfies Stat[],
  reasons: providers.items,
};

export const payrollCta = page.cta satisfies { actions: Action[] };
