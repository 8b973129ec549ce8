import type { Locator, Page } from "@playwright/test";
import { acknowledgeBanners, expect, rawHtml, test } from "./fixtures";
import { CHART_HEIGHTS_PX, COUNTER_DURATION_MS } from "../app/data/constants";
import { paths } from "../app/data/paths";
import { referAndEarnAction } from "../app/data/refer-and-earn";
import { payrollSpotlightCopy } from "../app/data/spotlight-payroll";
import { statisticsOf } from "../app/data/statistics";
import { formatNumber } from "../app/data/number-formats";
import { readEntry } from "../scripts/build/content-files";

const { forProviders, marketGrowth, payrollAtAGlance, sectorChart } = payrollSpotlightCopy(
  readEntry("spotlight/payroll.md"),
  statisticsOf(readEntry("statistics.yaml")),
  referAndEarnAction(readEntry("site/refer-and-earn.yaml"), readEntry("site/profile.yaml"), readEntry("site/layout.yaml")),
);

const charts = [
  { ...sectorChart.chart, height: CHART_HEIGHTS_PX.sectors },
  { ...marketGrowth.chart, height: CHART_HEIGHTS_PX.comparison },
];
const counters = [...payrollAtAGlance.stats, ...forProviders.stats].map((stat) => ({
  ...stat,
  final: formatNumber(stat.value, stat.format),
}));

test("the pre-rendered HTML draws both charts in full and states every counter's final value", async ({ request }) => {
  const { status, html } = await rawHtml(request, paths.spotlightPayroll);
  expect(status).toBe(200);
  expect(html.match(/<rect data-bar=/g)).toHaveLength(9 + 2);
  for (const counter of counters) expect(html).toContain(`<span class="sr-only">${counter.final}</span>`);
});

const chartFigure = (page: Page, title: string) => page.getByRole("figure", { name: title });

async function expectChartDrawn(figure: Locator, chart: (typeof charts)[number]) {
  const bars = figure.locator("rect[data-bar]");
  await expect(bars).toHaveCount(chart.data.length);
  // Once grown, every bar's drawn height is proportional to its value.
  await expect.poll(() => bars.evaluateAll((rects) => rects.flatMap((r) => r.getAnimations()).length)).toBe(0);
  const heights = await bars.evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect().height));
  const pxPerUnit = heights[0]! / chart.data[0]!.value;
  expect(pxPerUnit).toBeGreaterThan(0);
  chart.data.forEach((d, index) => expect(Math.abs(heights[index]! - d.value * pxPerUnit)).toBeLessThan(1));
  const area = await figure.getByTestId("bar-chart").boundingBox();
  expect(area?.height).toBeCloseTo(chart.height, 0);
}

test.describe("payroll page charts", () => {
  test.beforeEach(async ({ page }) => {
    await acknowledgeBanners(page);
    await page.goto(paths.spotlightPayroll);
  });

  for (const chart of charts) {
    test(`${chart.title}: labels, bars proportional to values, ${chart.height} px tall, and a data table`, async ({ page }) => {
      const figure = chartFigure(page, chart.title);
      await figure.scrollIntoViewIfNeeded();
      await expectChartDrawn(figure, chart);
      const area = figure.getByTestId("bar-chart");
      await expect(area.locator("span")).toHaveText(chart.data.map((d) => d.name));
      await expect(area.locator("text")).toHaveText(chart.data.map((d) => formatNumber(d.value, chart.format)));
      // The text alternative: a table screen readers reach, with the same data.
      const table = figure.getByRole("table", { name: chart.title });
      await expect(table.getByRole("rowheader")).toHaveText(chart.data.map((d) => d.name));
      await expect(table.getByRole("cell")).toHaveText(chart.data.map((d) => formatNumber(d.value, chart.format)));
    });
  }

  test("bars wait at zero until the chart is scrolled into view, then grow", async ({ page }) => {
    const figure = chartFigure(page, marketGrowth.chart.title);
    const bars = figure.locator("rect[data-bar]");
    // After hydration the bars of a chart not yet seen are held back.
    await expect.poll(() => bars.evaluateAll((rects) => rects.flatMap((r) => r.getAnimations()).length)).toBe(2);
    expect(await bars.evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect().height))).toEqual([0, 0]);
    await figure.scrollIntoViewIfNeeded();
    await expect
      .poll(() => bars.evaluateAll((rects) => rects.flatMap((r) => r.getAnimations()).some((a) => a.playState === "running")))
      .toBe(true);
    await expectChartDrawn(figure, charts[1]!);
  });
});

test.describe("payroll page counters", () => {
  test("count up from zero and end exactly on their targets after 2 s", async ({ page }) => {
    await acknowledgeBanners(page);
    await page.clock.install();
    await page.goto(paths.spotlightPayroll);
    const region = page.getByRole("region", { name: forProviders.heading });
    const visible = region.getByTestId("counter");
    // Hydrated and held at zero, out of view.
    await expect(visible).toHaveText(["0.0 million", "£0.0bn+"]);
    await page.clock.pauseAt(Date.now() + 60_000);
    await region.scrollIntoViewIfNeeded();
    // The observer reports on a real rendering frame; the counting then runs on the paused clock,
    // a frame at a time until it has started.
    await expect
      .poll(async () => {
        await page.clock.runFor(16);
        return visible.allTextContents();
      })
      .not.toEqual(["0.0 million", "£0.0bn+"]);
    await page.clock.runFor(COUNTER_DURATION_MS / 2);
    const halfway = await visible.allTextContents();
    expect(halfway).not.toEqual(["0.0 million", "£0.0bn+"]);
    expect(halfway).not.toEqual(forProviders.stats.map((s) => formatNumber(s.value, s.format)));
    await page.clock.runFor(COUNTER_DURATION_MS / 2 + 100);
    await expect(visible).toHaveText(["1.9 million", "£4.5bn+"]);
    // Screen readers were only ever given the final values.
    for (const counter of counters.slice(3)) {
      await expect(region.getByText(counter.final, { exact: true }).and(page.locator(".sr-only"))).toHaveCount(1);
    }
  });

  test("every counter ends on its target once seen", async ({ page }) => {
    await acknowledgeBanners(page);
    await page.clock.install();
    await page.goto(paths.spotlightPayroll);
    const visible = page.getByTestId("counter");
    await expect(visible).toHaveCount(counters.length);
    // Hydrated: the counters not yet seen wait at zero.
    await expect(visible.last()).toHaveText("£0.0bn+");
    for (let index = 0; index < counters.length; index += 1) await visible.nth(index).scrollIntoViewIfNeeded();
    // The page's clock moved on a count's length at a time, however busy the machine.
    await expect
      .poll(async () => {
        await page.clock.runFor(COUNTER_DURATION_MS);
        return visible.allTextContents();
      })
      .toEqual(counters.map((c) => c.final));
  });
});

test("reduced motion: final values and fully drawn charts at once", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await acknowledgeBanners(page);
  await page.goto(paths.spotlightPayroll);
  await page.waitForLoadState("networkidle");
  const visible = page.getByTestId("counter");
  await expect(visible).toHaveText(counters.map((c) => c.final));
  for (const chart of charts) {
    const figure = chartFigure(page, chart.title);
    await figure.scrollIntoViewIfNeeded();
    expect(await figure.locator("rect[data-bar]").evaluateAll((rects) => rects.flatMap((r) => r.getAnimations()).length)).toBe(0);
    await expectChartDrawn(figure, chart);
  }
  // Straight after scrolling to them, the counters already show their targets.
  await page.getByRole("region", { name: forProviders.heading }).scrollIntoViewIfNeeded();
  await expect(visible).toHaveText(counters.map((c) => c.final), { timeout: 100 });
  await context.close();
});
