// Part g: the cookieless analytics. The page beacon's compressed size; events
// ingested per second with the home page's p99 during that load against idle;
// and the dashboard's query over 90 days of a busy site (generated: 50,000
// page views a day) on SQLite and PostgreSQL.
// Run alone: node --import tsx bench/analytics.ts [--quick]   (needs a build: npm run build)
import { rmSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { build } from "esbuild";
import { EVENT_ENDPOINT } from "../contract/analytics";
import { createAnalyticsStore, type Increment, type Metric } from "../server/store/analytics-store";
import { incrementsOf, type Counted } from "../server/analytics/collector";
import type { Device } from "../server/analytics/dimensions";
import { openDatabase } from "../server/store/database";
import { postgresReachable, scratchDatabase } from "../server/store/databases.test-support";
import { flag, isMain, median, ports, report, root, startSiteServer, tmpDir, type Row } from "./lib";

const targets = { beaconBrotli: 1024, pageP99Ratio: 1.5, dashboardMs: 200 } as const;
const VIEWS_PER_DAY = 50_000;
/** A paced event load: 200 a second is 17 million a day, 350 times the busy site's 50,000 views. */
const PACED_EVENTS_PER_SECOND = 200;
const DAYS = 90;

/** The beacon as the browser gets it: its module with its contract constants, minified, React left out (the forms that use it bring it). */
async function beaconSize() {
  const result = await build({
    entryPoints: [path.join(root, "app/lib/analytics-beacon.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    external: ["react"],
    alias: { "~": path.join(root, "app") },
    logLevel: "silent",
  });
  const code = Buffer.from(result.outputFiles[0]!.contents);
  return {
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const event = JSON.stringify({ e: "view", p: "/freelancers", x: 1, v: { l: "/freelancers", r: "https://www.google.com", s: "newsletter", m: "email", c: "winter" } });
const browserUa = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function pageLoad(url: string, duration: number) {
  const result = await autocannon({ url, connections: 10, duration, headers: { "accept-encoding": "br", "user-agent": browserUa } });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

async function ingestion(duration: number, overallRate?: number) {
  const port = ports.analytics;
  const dataDir = path.join(tmpDir, `data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startSiteServer(port, { DATA_DIR: dataDir, ANALYTICS_RATE_LIMIT_MAX: "1000000000" });
  try {
    const page = `http://127.0.0.1:${port}/`;
    await pageLoad(page, 2);
    const idle = await pageLoad(page, duration);
    const [events, busy] = await Promise.all([
      autocannon({
        url: `http://127.0.0.1:${port}${EVENT_ENDPOINT}`,
        connections: 20,
        duration,
        overallRate,
        requests: [{ method: "POST", headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": browserUa }, body: event }],
      }),
      pageLoad(page, duration),
    ]);
    return { idle, busy, eventsPerSecond: Math.round(events.requests.average), eventNon2xx: events.non2xx, eventP99: events.latency.p99 };
  } finally {
    await server.stop();
  }
}

/** A deterministic pseudo-random stream, so every run generates the same site. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Ninety days of a busy site's daily rows, as the collector would have written them. */
function generateDay(day: string, next: () => number): Increment[] {
  const pick = <T>(items: readonly T[], skew: number) => items[Math.min(items.length - 1, Math.floor(items.length * next() ** skew))]!;
  const pages = Array.from({ length: 31 }, (_, i) => (i === 0 ? "/" : `/page-${i}`));
  const referrers = ["", "", "", "google.com", "bing.com", "linkedin.com", "duckduckgo.com", ...Array.from({ length: 40 }, (_, i) => `site-${i}.example`)];
  const campaigns = ["", "", "", "", "", "", ...Array.from({ length: 20 }, (_, i) => `campaign-${i}`)];
  const devices: Device[] = ["desktop", "phone", "phone", "tablet"];
  const rows = new Map<string, Increment>();
  const add = (metric: Metric, dims: Counted) => {
    for (const increment of incrementsOf(day, metric, dims)) {
      const key = `${metric}|${increment.dimension}|${increment.key}`;
      const row = rows.get(key);
      if (row) row.count += 1;
      else rows.set(key, increment);
    }
  };
  for (let view = 0; view < VIEWS_PER_DAY; view += 1) {
    const device = pick(devices, 1);
    const page = pick(pages, 2);
    add("view", { page, device });
    if (next() < 0.9) add("page_visitor", { page, device });
    if (next() < 0.4) {
      const campaign = pick(campaigns, 1.5);
      const landing = { page, referrer: pick(referrers, 2), source: campaign ? "newsletter" : "", medium: campaign ? "email" : "", campaign, device };
      add("visit", landing);
      if (next() < 0.8) add("visitor", landing);
      if (next() < 0.01) add("enquiry", landing);
      if (next() < 0.01) add("signup", landing);
      if (next() < 0.007) add("confirmed", landing);
    }
    if (next() < 0.05) add("form_view:newsletter", { page, device });
    if (page === "/page-1") add("form_view:contact", { page, device });
  }
  return [...rows.values()];
}

async function dashboardQuery(kind: "sqlite" | "postgres", runs: number) {
  const scratch = await scratchDatabase(kind);
  const { db } = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
  try {
    const store = createAnalyticsStore(db);
    const next = random(7);
    const start = Date.parse("2026-06-01T00:00:00Z");
    let rows = 0;
    for (let d = 0; d < DAYS; d += 1) {
      const increments = generateDay(new Date(start + d * 86_400_000).toISOString().slice(0, 10), next);
      rows += increments.length;
      await store.add(increments);
    }
    const from = "2026-06-01";
    const to = new Date(start + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    await store.report(from, to);
    const times: number[] = [];
    let views = 0;
    for (let run = 0; run < runs; run += 1) {
      const began = performance.now();
      const answer = await store.report(from, to);
      times.push(performance.now() - began);
      views = answer.totals.views;
    }
    return { rows, views, ms: Number(median(times).toFixed(1)), max: Number(Math.max(...times).toFixed(1)) };
  } finally {
    await db.destroy();
    await scratch.drop();
  }
}

export async function runAnalytics(): Promise<void> {
  const quick = flag("quick");
  const duration = quick ? 3 : 10;
  const rows: Row[] = [];
  console.log("beacon…");
  const beacon = await beaconSize();
  rows.push({ measure: "beacon (minified; raw / gzip / brotli bytes)", value: `${beacon.raw} / ${beacon.gzip} / ${beacon.brotli}`, target: `≤ ${targets.beaconBrotli} brotli`, result: beacon.brotli <= targets.beaconBrotli ? "met" : "missed" });

  console.log("ingestion beside page serving…");
  for (const rate of [undefined, PACED_EVENTS_PER_SECOND]) {
    const load = await ingestion(duration, rate);
    const ratio = load.busy.p99 / Math.max(1, load.idle.p99);
    const how = rate ? `paced at ${rate}/s` : "as fast as taken";
    rows.push({ measure: `events ingested per second (POST ${EVENT_ENDPOINT}, 20 connections, ${how}, beside the page load)`, value: `${load.eventsPerSecond} (p99 ${load.eventP99} ms, ${load.eventNon2xx} non-2xx)`, target: "–", result: "–" });
    rows.push({ measure: `GET / p99 idle → during the event load ${how} (10 connections)`, value: `${load.idle.p99} → ${load.busy.p99} ms (${load.idle.rps} → ${load.busy.rps} req/s)`, target: `≤ ${targets.pageP99Ratio}×`, result: `${ratio.toFixed(2)}× ${ratio <= targets.pageP99Ratio ? "met" : "missed"}` });
  }

  const kinds: ("sqlite" | "postgres")[] = (await postgresReachable()) ? ["sqlite", "postgres"] : ["sqlite"];
  for (const kind of kinds) {
    console.log(`dashboard query on ${kind}…`);
    const q = await dashboardQuery(kind, quick ? 3 : 7);
    rows.push({
      measure: `dashboard report, ${DAYS} days × ${VIEWS_PER_DAY.toLocaleString("en-GB")} views/day, ${kind} (${q.rows.toLocaleString("en-GB")} daily rows)`,
      value: `${q.ms} ms median (max ${q.max}; ${q.views.toLocaleString("en-GB")} views summed)`,
      target: `< ${targets.dashboardMs} ms`,
      result: q.ms < targets.dashboardMs ? "met" : "missed",
    });
  }
  report("analytics", `Analytics: beacon, ingestion beside page serving (${duration} s), dashboard query`, rows);
}

if (isMain(import.meta.url)) await runAnalytics();
