import { BarChart } from "~/components/charts/bar-chart";
import { Counter } from "~/components/charts/counter";
import { CardGrid } from "~/components/sections/card-grid";
import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { editorialArt } from "~/components/sections/editorial-art";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { StatGrid } from "~/components/sections/stat-grid";
import { CHART_HEIGHTS_PX } from "~/data/constants";
import type { PayrollSpotlightCopy } from "~/data/spotlight-payroll";
import type { Stat } from "~/data/types";

const counting = (stat: Stat) => <Counter stat={stat} />;

/** Payroll & Compliance: the UK freelance payroll market, with its charts and counters. */
export default function PayrollSpotlightContent({ copy }: { copy: PayrollSpotlightCopy }) {
  const { forProviders, marketGrowth, payrollAtAGlance, payrollCovers, payrollCta, payrollHero, sectorChart } = copy;
  return (
    <>
      <PageHero {...payrollHero} image={editorialArt.payroll} />
      <Section heading={payrollAtAGlance.heading} intro={payrollAtAGlance.intro} tone="tint">
        <StatGrid stats={payrollAtAGlance.stats} renderValue={counting} />
      </Section>
      <Section heading={sectorChart.heading} intro={sectorChart.intro}>
        <BarChart {...sectorChart.chart} height={CHART_HEIGHTS_PX.sectors} />
      </Section>
      <Section heading={marketGrowth.heading} intro={marketGrowth.intro} tone="surface">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <CheckList items={marketGrowth.drivers} />
          <BarChart {...marketGrowth.chart} height={CHART_HEIGHTS_PX.comparison} />
        </div>
      </Section>
      <Section heading={payrollCovers.heading} intro={payrollCovers.intro}>
        <CardGrid cards={payrollCovers.cards} columns={4} />
      </Section>
      <Section heading={forProviders.heading} intro={forProviders.intro} tone="tint">
        <StatGrid stats={forProviders.stats} columns={2} renderValue={counting} />
        <div className="mt-10">
          <CheckList items={forProviders.reasons} />
        </div>
      </Section>
      <CtaBand {...payrollCta} />
    </>
  );
}
