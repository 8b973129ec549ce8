// Payroll & Compliance (/spotlight/payroll): the UK freelance payroll market.
// The words are content/spotlight/payroll.md (the spotlight collection's
// `payroll`, read by the route file); the figures and the charts' data come
// from statistics.
import { numberFormats } from "./number-formats";
import type { ContentOf } from "./schemas";
import type { Statistics } from "./statistics";
import type { Action, Card, ChartDatum, NumberFormat, Stat } from "./types";

export interface ChartCopy {
  title: string;
  /** Column headings of the chart's data table (its text alternative). */
  categoryLabel: string;
  valueLabel: string;
  format: NumberFormat;
  data: readonly ChartDatum[];
}

/** The page's sections: its words with the statistics' figures. */
export function payrollSpotlightCopy(page: ContentOf<"spotlight/payroll.md">, { freelancersBySector2025, payrollDemandIndex, payrollMarket }: Statistics, referAndEarn: Action) {
  const [growth, providers] = page.sections;

  const payrollHero = {
    ...page.hero,
    actions: [...page.hero.actions, referAndEarn] satisfies Action[],
  };

  const glance = page.atAGlance;
  const payrollAtAGlance = {
    heading: glance.heading,
    intro: glance.intro,
    stats: [
      { value: payrollMarket.freelancersNeedingPayroll, label: glance.labels.freelancers, format: numberFormats.countPlus },
      { value: payrollMarket.agencies, label: glance.labels.agencies, format: numberFormats.countPlus },
      { value: payrollMarket.marketValueGbp, label: glance.labels.marketValue, format: numberFormats.gbpBillions },
    ] satisfies Stat[],
  };

  const sectorChart = {
    heading: page.sectorChart.heading,
    intro: page.sectorChart.intro,
    chart: { ...page.sectorChart.chart, format: numberFormats.thousands, data: freelancersBySector2025 } satisfies ChartCopy,
  };

  const marketGrowth = {
    heading: growth.heading,
    intro: growth.intro,
    drivers: growth.items,
    chart: { ...page.marketGrowth.chart, format: numberFormats.plain, data: payrollDemandIndex } satisfies ChartCopy,
  };

  const payrollCovers = page.covers satisfies { cards: Card[] };

  const forProviders = {
    heading: providers.heading,
    intro: providers.intro,
    stats: [
      { value: payrollMarket.freelancersNeedingPayroll, label: page.forProviders.labels.freelancersNeedingPayroll, format: numberFormats.millionsShort },
      { value: payrollMarket.marketValueGbp, label: page.forProviders.labels.processed, format: numberFormats.gbpBnPlus },
    ] satisfies Stat[],
    reasons: providers.items,
  };

  const payrollCta = page.cta satisfies { actions: Action[] };

  return { payrollHero, payrollAtAGlance, sectorChart, marketGrowth, payrollCovers, forProviders, payrollCta };
}

export type PayrollSpotlightCopy = ReturnType<typeof payrollSpotlightCopy>;
