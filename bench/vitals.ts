// Part "vitals": does the leave beacon's speed report agree with the browser?
// For each route, several page views in Chromium on a throttled phone (Pixel 7,
// 4x CPU slowdown, 150 ms round trip, 1.6 Mbit/s down, no cache). Each view
// also records the page's own PerformanceObserver figures (LCP, FCP, CLS as the
// sum of shifts without recent input, TTFB as the navigation's responseStart);
// closing the tab sends the leave beacon with the site's own figures
// (app/lib/page-vitals.ts: CLS in session windows, the LCP stopped at input),
// which the server keeps as daily histograms. The table puts the 75th percentile the
// store reads back from its buckets beside the one computed from the raw
// observer values: within 10% is the target. INP needs a press and is left out
// (the browser test and field-funnels.test.ts cover its path). A reported
// figure, not a test: timings on a shared machine vary.
//   node --import tsx bench/vitals.ts [--views 8] [--routes /,/about,/contact]
import { rmSync } from "node:fs";
import path from "node:path";
import { chromium, devices, type Browser } from "@playwright/test";
import { type VitalName } from "../contract/analytics";
import { chromiumArgs, chromiumPath } from "../scripts/chromium";
import { createAnalyticsStore } from "../server/store/analytics-store";
import { openDatabase } from "../server/store/database";
import { isMain, option, ports, report, sleep, startSiteServer, tmpDir, type Row } from "./lib";

const phone = { viewport: { width: 412, height: 915 }, cpuSlowdown: 4, rttMs: 150, downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000 } as const;
const VIEWS = Number(option("views") ?? 8);
const ROUTES = (option("routes") ?? "/,/about,/contact").split(",");
/** How long a view stays open after load: LCP and late shifts settle, the beacon's idle work runs. */
const SETTLE_MS = 3000;
const METRICS = ["LCP", "FCP", "CLS", "TTFB"] as const satisfies readonly VitalName[];
const TARGET = 0.1;

type Observed = Record<(typeof METRICS)[number], number>;

/** Nearest-rank percentile of raw values. */
function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

async function view(browser: Browser, base: string, route: string): Promise<Observed> {
  const context = await browser.newContext({ ...devices["Pixel 7"], viewport: phone.viewport });
  await context.addInitScript(() => {
    localStorage.setItem("cookiesAccepted", "true");
    localStorage.setItem("disclaimerAccepted", "true");
    const seen = { LCP: 0, FCP: 0, CLS: 0, TTFB: 0 };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.LCP = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") seen.FCP = entry.startTime;
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) seen.CLS += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: phone.cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: phone.rttMs, downloadThroughput: phone.downBitsPerSecond / 8, uploadThroughput: phone.upBitsPerSecond / 8 });
  await page.goto(`${base}${route}`, { waitUntil: "load" });
  await sleep(SETTLE_MS);
  const seen = await page.evaluate(() => {
    const own = (window as unknown as { __seen: Record<string, number> }).__seen;
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    return { ...own, TTFB: navigation?.responseStart ?? 0 } as Observed;
  });
  // Closing the tab hides the page: its leave beacon goes with page-vitals.ts' figures.
  await page.close();
  await context.close();
  return seen;
}

export async function runVitals(): Promise<Row[]> {
  const port = ports.vitals;
  const dataDir = path.join(tmpDir, `data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startSiteServer(port, { ANALYTICS_FLUSH_MS: "250", ANALYTICS_RATE_LIMIT_MAX: "100000" });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  const observed = new Map<string, Observed[]>();
  try {
    for (const route of ROUTES) {
      const views: Observed[] = [];
      for (let i = 0; i < VIEWS; i += 1) views.push(await view(browser, `http://127.0.0.1:${port}`, route));
      observed.set(route, views);
    }
  } finally {
    await browser.close();
    // Closing the server writes its last counts.
    await sleep(1000);
    await server.stop();
  }
  const { db } = await openDatabase({ dataDir });
  try {
    const { vitals } = await createAnalyticsStore(db).vitals(new Date().toISOString().slice(0, 10));
    const rows: Row[] = [];
    for (const [route, views] of observed) {
      for (const metric of METRICS) {
        const stored = vitals.find((row) => row.page === route && row.device === "phone" && row.metric === metric);
        const raw = percentile(views.map((seen) => seen[metric]), 0.75);
        const beacon = stored?.p75 ?? Number.NaN;
        const diff = raw === 0 ? Math.abs(beacon) : Math.abs(beacon - raw) / raw;
        const unit = metric === "CLS" ? 3 : 0;
        rows.push({
          route,
          metric,
          "views (observer / beacon)": `${views.length} / ${stored?.samples ?? 0}`,
          "p75 observer": raw.toFixed(unit),
          "p75 beacon": Number.isNaN(beacon) ? "–" : beacon.toFixed(unit),
          difference: Number.isNaN(beacon) ? "–" : `${(diff * 100).toFixed(1)}%`,
          [`within ${TARGET * 100}%`]: !Number.isNaN(beacon) && (diff <= TARGET || (metric === "CLS" && Math.abs(beacon - raw) < 0.01)) ? "yes" : "no",
        });
      }
    }
    report("vitals", `Web vitals: the beacon's p75 (from the store's histograms) against PerformanceObserver, ${VIEWS} views per route on a throttled phone`, rows);
    return rows;
  } finally {
    await db.destroy();
  }
}

if (isMain(import.meta.url)) await runVitals();
