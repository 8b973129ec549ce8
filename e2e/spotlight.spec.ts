import { expect, rawHtml, test } from "./fixtures";
import { formatNumber, numberFormats } from "../app/data/number-formats";
import { memberCopy } from "../app/data/member";
import { paths } from "../app/data/paths";
import { shellEntries } from "../app/data/shell.test-support";
import { spotlightCopy } from "../app/data/spotlight";
import { agenciesSpotlightCopy } from "../app/data/spotlight-agencies";
import { payrollSpotlightCopy } from "../app/data/spotlight-payroll";
import { statisticsOf } from "../app/data/statistics";
import { referAndEarnAction } from "../app/data/refer-and-earn";
import { tendersCopy } from "../app/data/tenders";
import type { Action, PageMeta, Stat } from "../app/data/types";
import { readEntries, readEntry } from "../scripts/build/content-files";

const { brand: site, profile: siteProfile } = shellEntries;

// Each page's words, as its route file reads them (app/content.config.ts).
const statistics = statisticsOf(readEntry("statistics.yaml"));
const { recruitmentIndustry, ukWorkforce } = statistics;
const referAndEarn = referAndEarnAction(readEntry("site/refer-and-earn.yaml"), readEntry("site/profile.yaml"), readEntry("site/layout.yaml"));
const { sectorEstimates, sectorNeeds, spotlightCta, spotlightHero, workforce } = spotlightCopy(readEntry("spotlight/index.md"), statistics);
const { agenciesSpotlightCta, agenciesSpotlightHero, agencyNeeds, complianceChecklist, nextEdition, recruitmentFigures } = agenciesSpotlightCopy(
  readEntry("spotlight/agencies.md"),
  statistics,
  referAndEarn,
);
const { forProviders, marketGrowth, payrollAtAGlance, payrollCovers, payrollCta, payrollHero, sectorChart } = payrollSpotlightCopy(
  readEntry("spotlight/payroll.md"),
  statistics,
  referAndEarn,
);
const { howWeDeliver, sampleOpportunities: samples, subcontractorRequirements, tendersCta, tendersHero, whoWeWorkWith } = tendersCopy(
  readEntry("pages/tenders.yaml"),
  readEntries("tenders/*.yaml"),
);
const { howToJoin, memberBenefits, memberCta, memberHero } = memberCopy(readEntry("pages/member.yaml"), referAndEarn);
// Each page's title and description.
const memberMeta: PageMeta = { ...readEntry("meta/*.yaml", "member"), path: paths.member };
const spotlightMeta: PageMeta = { ...readEntry("meta/*.yaml", "spotlight"), path: paths.spotlight };
const agenciesSpotlightMeta: PageMeta = { ...readEntry("meta/*.yaml", "spotlight-agencies"), path: paths.spotlightAgencies };
const payrollMeta: PageMeta = { ...readEntry("meta/*.yaml", "spotlight-payroll"), path: paths.spotlightPayroll };
const tendersMeta: PageMeta = { ...readEntry("meta/*.yaml", "tenders"), path: paths.spotlightTenders };

/** Text as React writes it into HTML. */
const inHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const written = (stat: Stat) => formatNumber(stat.value, stat.format);

interface EditorialPage {
  meta: PageMeta;
  hero: { title: string; actions: readonly Action[] };
  headings: string[];
  /** Figures and facts a reader must find in the page's HTML, JavaScript or not. */
  figures: string[];
  /** Every button on the page: the hero's and the closing band's. */
  buttons: readonly Action[];
}

const editorials: EditorialPage[] = [
  {
    meta: spotlightMeta,
    hero: spotlightHero,
    headings: [workforce.heading, sectorEstimates.heading, sectorNeeds.heading, spotlightCta.heading],
    figures: [
      "2.05 million",
      "4.3 million",
      "7.4 million",
      ...["425k", "385k", "280k", "250k", "185k", "160k", "150k", "110k", "100k+"],
      formatNumber(ukWorkforce.freelancers, numberFormats.millions),
    ],
    buttons: [...spotlightHero.actions, ...sectorNeeds.actions, ...spotlightCta.actions],
  },
  {
    meta: payrollMeta,
    hero: payrollHero,
    headings: [
      payrollAtAGlance.heading, sectorChart.heading, marketGrowth.heading, payrollCovers.heading, forProviders.heading,
      payrollCta.heading,
    ],
    figures: [
      "1,900,000+", "40,000+", "£4.5 billion", "1.9 million", "£4.5bn+",
      ...payrollAtAGlance.stats.map(written),
      ...forProviders.stats.map(written),
    ],
    buttons: [...payrollHero.actions, ...payrollCta.actions],
  },
  {
    meta: agenciesSpotlightMeta,
    hero: agenciesSpotlightHero,
    headings: [recruitmentFigures.heading, agencyNeeds.heading, complianceChecklist.heading, nextEdition.heading, agenciesSpotlightCta.heading],
    figures: ["£46bn", "2024", "1.5M+", "IR35", formatNumber(recruitmentIndustry.turnoverGbp, numberFormats.gbpBn)],
    buttons: [...agenciesSpotlightHero.actions, ...agenciesSpotlightCta.actions],
  },
  {
    meta: tendersMeta,
    hero: tendersHero,
    headings: [howWeDeliver.heading, samples.heading, whoWeWorkWith.heading, subcontractorRequirements.heading, tendersCta.heading],
    figures: ["£2.5m", "Housing refurbishment", "NHS trust facilities upgrade framework", "Infrastructure project", "School refurbishments", "Local authority"],
    buttons: [...tendersHero.actions, ...tendersCta.actions],
  },
  {
    meta: memberMeta,
    hero: memberHero,
    headings: [memberBenefits.heading, howToJoin.heading, memberCta.heading],
    figures: memberBenefits.cards.map((card) => card.title),
    buttons: [...memberHero.actions, ...memberCta.actions],
  },
];

for (const page of editorials) {
  const { path } = page.meta;

  test(`${path}: the pre-rendered HTML holds its title, sharing tags, headings and figures`, async ({ request }) => {
    const { status, html } = await rawHtml(request, path);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${inHtml(page.meta.title)} | ${inHtml(site.name)}</title>`);
    // A void element's end is ">" or "/>", as the HTML writer pleases.
    expect(html).toContain(`<meta name="description" content="${inHtml(page.meta.description)}"`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path}"/?>`));
    for (const property of ["og:title", "og:description", "og:url", "og:image"]) expect(html).toContain(`property="${property}"`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain(inHtml(page.hero.title));
    for (const heading of page.headings) expect(html).toContain(inHtml(heading));
    for (const figure of page.figures) expect(html).toContain(inHtml(figure));
    // The hero artwork has its size set, so nothing moves when it loads.
    expect(html).toMatch(/<img src="\/assets\/[\w.-]+\.svg" alt="" width="600" height="450"/);
  });

  test(`${path}: every button goes where it says, and only Refer & Earn opens a new tab`, async ({ visitorTab: browserPage }) => {
    await browserPage.goto(path);
    const main = browserPage.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: page.hero.title })).toBeVisible();
    for (const action of page.buttons) {
      const links = main.getByRole("link", { name: new RegExp(`^${action.label.replace(/[()]/g, "\\$&")}`) });
      await expect(links.first()).toBeVisible();
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("href", action.href);
        if (action.external) {
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", "noopener noreferrer");
          await expect(link).toHaveAccessibleName(`${action.label} (opens in a new tab)`);
        } else {
          await expect(link).not.toHaveAttribute("target", /.+/);
        }
      }
    }
  });
}

test("Refer & Earn is on the payroll, agencies and members pages, and goes to the messaging link", async ({ visitorTab: page }) => {
  for (const path of [paths.spotlightPayroll, paths.spotlightAgencies, paths.member]) {
    await page.goto(path);
    const link = page.getByRole("main").getByRole("link", { name: /^Refer & Earn Bonuses/ });
    await expect(link).toHaveAttribute("href", siteProfile.referAndEarnUrl);
    await expect(link).toHaveAttribute("target", "_blank");
  }
});

test.describe("Spotlight On", () => {
  test.beforeEach(async ({ visitorTab: page }) => {
    await page.goto(paths.spotlight);
  });

  test("two links to /contact and a payroll link that reaches the payroll page", async ({ visitorTab: page }) => {
    const main = page.getByRole("main");
    await expect(main.locator(`a[href="${paths.contact}"]`)).toHaveCount(2);
    // The original wrote this link as //spotlight/payroll, which browsers read as another host.
    const payrollLink = main.getByRole("link", { name: sectorNeeds.actions[0]!.label });
    await expect(payrollLink).toHaveAttribute("href", "/spotlight/payroll");
    await payrollLink.click();
    await expect(page).toHaveURL(/\/spotlight\/payroll$/);
    await expect(page.getByRole("heading", { level: 1, name: payrollHero.title })).toBeVisible();
  });

  test("the workforce figures and all nine 2025 sector estimates, each with its label", async ({ visitorTab: page }) => {
    const sectors = page.getByRole("region", { name: sectorEstimates.heading });
    await expect(sectors.getByRole("term")).toHaveText(sectorEstimates.stats.map((stat) => stat.label));
    await expect(sectors.getByRole("definition")).toHaveText(["425k", "385k", "280k", "250k", "185k", "160k", "150k", "110k", "100k+"]);
    const people = page.getByRole("region", { name: workforce.heading });
    await expect(people.getByRole("definition")).toHaveText(["2.05 million", "4.3 million", "7.4 million"]);
  });
});

test("agencies spotlight: the recruitment figures and the IR35 next edition", async ({ visitorTab: page }) => {
  await page.goto(paths.spotlightAgencies);
  const figures = page.getByRole("region", { name: recruitmentFigures.heading });
  await expect(figures.getByRole("definition")).toHaveText(["£46bn", "1.5M+"]);
  await expect(figures.getByRole("term").first()).toContainText("2024");
  const next = page.getByRole("region", { name: nextEdition.heading });
  await expect(next.getByRole("heading", { level: 2 })).toHaveText("Next edition: IR35");
  await expect(next.getByRole("listitem")).toHaveCount(nextEdition.items.length);
});

test("tenders: the four sample opportunities, each with its value, client type and scope", async ({ visitorTab: page }) => {
  await page.goto(paths.spotlightTenders);
  const cards = page.getByRole("region", { name: samples.heading }).getByRole("listitem");
  await expect(cards).toHaveCount(4);
  for (const card of samples.cards) {
    const item = cards.filter({ has: page.getByRole("heading", { level: 3, name: card.title }) });
    await expect(item.getByRole("term")).toHaveText(["Value", "Client type", "Scope"]);
    await expect(item.getByRole("definition")).toHaveText(card.details.map((d) => d.detail));
  }
  await expect(cards.first().getByRole("definition").first()).toHaveText("£2.5m");
});

test("members area: the seven things members get", async ({ visitorTab: page }) => {
  await page.goto(paths.member);
  const benefits = page.getByRole("region", { name: memberBenefits.heading });
  await expect(benefits.getByRole("heading", { level: 3 })).toHaveText([
    "Provider comparison",
    "Sector reports and calculators",
    "Joining bonuses",
    "Events",
    "Referral dashboard",
    "Download centre",
    "Community space",
  ]);
});
