import { describe, expect, it } from "vitest";
import { spotlightMeta } from "./meta/spotlight";
import { agenciesSpotlightMeta } from "./meta/spotlight-agencies";
import { payrollMeta } from "./meta/spotlight-payroll";
import { formatNumber, numberFormats } from "./number-formats";
import { sectorEstimates, spotlightHero, workforce } from "./spotlight";
import { agenciesSpotlightHero, recruitmentFigures } from "./spotlight-agencies";
import { marketGrowth, payrollHero, sectorChart } from "./spotlight-payroll";
import { freelancersBySector2025, payrollMarket, recruitmentIndustry, ukWorkforce } from "./statistics";

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
