import { describe, expect, it } from "vitest";
import { readEntry } from "../../scripts/build/content-files";
import { formatNumber, numberFormats } from "./number-formats";
import { spotlightCopy } from "./spotlight";
import { agenciesSpotlightCopy } from "./spotlight-agencies";
import { CHART_HEIGHTS_PX } from "./constants";
import { payrollSpotlightCopy } from "./spotlight-payroll";
import { referAndEarnAction } from "./refer-and-earn";
import { statisticsOf } from "./statistics";

const statistics = statisticsOf(readEntry("statistics.yaml"));
const referAndEarn = referAndEarnAction(readEntry("site/refer-and-earn.yaml"), readEntry("site/profile.yaml"), readEntry("site/layout.yaml"));
const { freelancersBySector2025, payrollMarket, recruitmentIndustry, ukWorkforce } = statistics;
const { sectorEstimates, spotlightHero, workforce } = spotlightCopy(readEntry("spotlight/index.md"), statistics);
const { agenciesSpotlightHero, recruitmentFigures } = agenciesSpotlightCopy(readEntry("spotlight/agencies.md"), statistics, referAndEarn);
const { forProviders, marketGrowth, payrollAtAGlance, payrollHero, sectorChart } = payrollSpotlightCopy(readEntry("spotlight/payroll.md"), statistics, referAndEarn);

const spotlightMeta = readEntry("meta/*.yaml", "spotlight");
const agenciesSpotlightMeta = readEntry("meta/*.yaml", "spotlight-agencies");
const payrollMeta = readEntry("meta/*.yaml", "spotlight-payroll");

describe("the spotlight editorials' sentences", () => {
  it("state the statistics' figures as the stat grids and the meta descriptions write them", () => {
    const freelancers = formatNumber(ukWorkforce.freelancers, numberFormats.millions);
    expect(spotlightHero.intro).toContain(`About ${freelancers} people`);
    expect(spotlightMeta.description).toContain(`About ${freelancers} UK freelancers`);
    expect(workforce.stats[0]).toMatchObject({ value: ukWorkforce.freelancers, label: "UK freelancers (estimate)" });

    const turnover = formatNumber(recruitmentIndustry.turnoverGbp, numberFormats.gbpBn);
    expect(agenciesSpotlightHero.title).toBe(`UK recruitment: a ${turnover} industry that runs on flexible talent`);
    expect(agenciesSpotlightMeta.description).toContain(`turned over ${turnover} in ${recruitmentIndustry.turnoverYear}`);
    expect(recruitmentFigures.stats[0]?.label).toBe(`recruitment industry turnover, ${recruitmentIndustry.turnoverYear}`);

    const processed = formatNumber(payrollMarket.marketValueGbp, numberFormats.gbpBnPlus);
    expect(payrollHero.intro).toContain(`and ${processed} is processed`);
    expect(payrollMeta.description).toContain(`${processed} is processed annually`);
    const [largest, second] = freelancersBySector2025;
    expect(sectorChart.intro).toContain(`${largest.name} and ${second.name} alone account for about 810k.`);
    expect(marketGrowth.intro).toBe("The market for compliant freelance payroll is 3 times the size it was in 2019. Three changes drive it.");
    expect(sectorEstimates.stats).toHaveLength(freelancersBySector2025.length);
  });

  it("keep the Refer & Earn button after each page's own buttons", () => {
    expect(payrollHero.actions.map((action) => action.label)).toEqual(["Compare Payroll Providers", "List Your Payroll Service", "Refer & Earn Bonuses"]);
    expect(agenciesSpotlightHero.actions.at(-1)).toMatchObject({ label: "Refer & Earn Bonuses", external: true });
  });
});

describe("the spec's figures", () => {
  it("are the ones the site states", () => {
    expect(ukWorkforce).toEqual({ freelancers: 2_050_000, selfEmployed: 4_300_000, freelanceInSomeCapacity: 7_400_000 });
    expect(payrollMarket).toEqual({ freelancersNeedingPayroll: 1_900_000, agencies: 40_000, marketValueGbp: 4_500_000_000 });
    expect(recruitmentIndustry).toEqual({ turnoverYear: 2024, turnoverGbp: 46_000_000_000, selfEmployedFreelancersAndContractors: 1_500_000 });
  });

  it("give the payroll page's chart series and heights, and its counters' final values", () => {
    expect(CHART_HEIGHTS_PX).toEqual({ sectors: 400, comparison: 220 });
    expect(sectorChart.chart.data.map((d) => [d.name, d.value])).toEqual([
      ["Information Tech", 425000],
      ["Construction (CIS)", 385000],
      ["Creative & Media", 280000],
      ["Health & Social Care", 250000],
      ["Education & Training", 185000],
      ["Finance & Legal", 160000],
      ["Business Services", 150000],
      ["Transport & Logistics", 110000],
      ["Other", 100000],
    ]);
    expect(marketGrowth.chart.data.map((d) => [d.name, d.value])).toEqual([["2019", 100], ["2025", 300]]);
    const counters = [...payrollAtAGlance.stats, ...forProviders.stats].map((stat) => formatNumber(stat.value, stat.format));
    expect(counters).toEqual(["1,900,000+", "40,000+", "£4.5 billion", "1.9 million", "£4.5bn+"]);
  });
});
