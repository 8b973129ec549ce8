import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { ALL_DEVICES, ALL_PAGES, bucketOf, DIRECT, FUNNEL_SOURCES_PER_DAY_MAX, OTHER, quantileOf, vitalHistogram, type LeaveEvent, type Visit } from "../../contract/analytics";
import { LeaveSchema } from "../../contract/analytics-schema";
import { countedPages } from "./dimensions";
import { openDatabase } from "../store/database";
import type { Database } from "../store/schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { createAnalyticsStore, type AnalyticsStore, type AnalyticsTables } from "../store/analytics-store";
import { createCollector, type Collector } from "./collector";

// The leave beacon from the collector to the dashboard's report and the CLI's
// reads, on SQLite and PostgreSQL: where people leave a form, the messages
// they meet, who comes back to correct, the median time to send, and each
// route's web vitals at the 75th percentile from daily histograms.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const DAY = "2026-11-20";
const desktop = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0", device: "desktop" as const };
const phone = { ip: "198.51.100.4", userAgent: "Mozilla/5.0 (iPhone) Mobile Safari", device: "phone" as const };

describe("the histograms", () => {
  it("put a value in a bounded bucket and read a percentile back to within a few per cent", () => {
    const lcp = vitalHistogram.LCP;
    expect(bucketOf(lcp, 0)).toBe(0);
    expect(bucketOf(lcp, -5)).toBe(0);
    expect(bucketOf(lcp, Number.NaN)).toBe(0);
    expect(bucketOf(lcp, 1e12)).toBe(lcp.buckets - 1);
    // 100 page views at 1..100 × 40 ms: the 75th is 3 s.
    const counts = new Map<number, number>();
    for (let i = 1; i <= 100; i += 1) counts.set(bucketOf(lcp, i * 40), (counts.get(bucketOf(lcp, i * 40)) ?? 0) + 1);
    const p75 = quantileOf(lcp, counts, 0.75) ?? 0;
    expect(Math.abs(p75 - 3000) / 3000).toBeLessThan(0.05);
    expect(quantileOf(lcp, new Map(), 0.75)).toBeNull();
  });
});

describe.each(kinds)("field funnels and vitals on %s", (kind) => {
  let scratch: ScratchDatabase;
  let db: Kysely<Database>;
  let store: AnalyticsStore;
  let collector: Collector;

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    db = (await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir })).db;
    store = createAnalyticsStore(db);
  });
  beforeEach(async () => {
    await db.withTables<AnalyticsTables>().deleteFrom("analytics_daily").execute();
    collector = createCollector({ store, site: "example.co.uk", ownHosts: ["example.co.uk"], emailHashSecret: "k".repeat(32), flushMs: 60_000, now: () => Date.parse(`${DAY}T12:00:00Z`) });
  });
  afterAll(async () => {
    await collector.close();
    await db.destroy();
    await scratch.drop();
  });

  it("counts each field reached, the field each visitor left at, the messages met, the corrections and the time to send", async () => {
    // One typed a name, met the email's format message and left; one left at the message; two sent.
    const leaves: LeaveEvent[] = [
      { e: "leave", p: "/contact", t: [{ f: "contact", r: ["name", "email"], l: "email", m: [["email", "format", 1], ["salutation", "missing", 1]] }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: ["name", "email", "salutation", "message"], l: "message" }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: ["name", "email", "salutation"], m: [["email", "missing", 2]], c: ["email"], t: 40_000 }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: ["name", "email", "salutation"], t: 60_000 }] },
      // The newsletter in the footer of another page.
      { e: "leave", p: "/about", t: [{ f: "newsletter", r: ["email"], l: "email", m: [["email", "format", 1]] }] },
    ];
    for (const [i, event] of leaves.entries()) collector.leave(event, i % 2 ? phone : desktop);
    await collector.flush();
    const report = await store.report(DAY, DAY);
    const field = (form: string, page: string, name: string, device = ALL_DEVICES) => report.fields.find((row) => row.form === form && row.page === page && row.device === device && row.field === name);
    expect(field("contact", "/contact", "name")).toEqual({ form: "contact", page: "/contact", device: ALL_DEVICES, field: "name", reached: 4, left: 0, corrected: 0, missing: 0, format: 0, tooLong: 0 });
    expect(field("contact", "/contact", "email")).toMatchObject({ reached: 4, left: 1, corrected: 1, missing: 2, format: 1 });
    expect(field("contact", "/contact", "role")).toMatchObject({ reached: 3, left: 0, missing: 1 });
    expect(field("contact", "/contact", "message")).toMatchObject({ reached: 1, left: 1 });
    // Over every page, each form has every field of its table, in the table's order.
    expect(report.fields.filter((row) => row.page === ALL_PAGES && row.device === ALL_DEVICES && row.form === "contact").map((row) => row.field)).toEqual(["name", "email", "phone", "role", "sectors", "needs", "message"]);
    expect(field("newsletter", ALL_PAGES, "email")).toMatchObject({ reached: 1, left: 1, format: 1 });
    // Per device over every page: the phone's visitors (the second and fourth) left at the message and sent.
    expect(field("contact", ALL_PAGES, "message", "phone")).toMatchObject({ reached: 1, left: 1 });
    expect(field("contact", ALL_PAGES, "email", "desktop")).toMatchObject({ reached: 2, left: 1, missing: 2, format: 1, corrected: 1 });
    // The contact form is not on /about: no rows there for it.
    expect(report.fields.some((row) => row.form === "contact" && row.page === "/about")).toBe(false);
    const times = report.formTimes.find((row) => row.form === "contact" && row.page === ALL_PAGES && row.device === ALL_DEVICES);
    expect(times).toMatchObject({ abandoned: 2, sent: 2 });
    // The median of 40 s and 60 s from the histogram, within its bucket's width.
    expect(Math.abs((times?.medianSeconds ?? 0) - 50) / 50).toBeLessThan(0.25);
    const { fields } = await store.funnel("newsletter", DAY, DAY);
    expect(fields.every((row) => row.form === "newsletter")).toBe(true);
    // Only sums were written: no row names a value, only the table's field keys and message keys.
    const metrics = (await db.withTables<AnalyticsTables>().selectFrom("analytics_daily").select("metric").distinct().execute()).map((row) => row.metric);
    expect(metrics.every((metric) => /^(field_(reach|left|fix):(contact|newsletter):\w+|field_error:(contact|newsletter):\w+:(missing|format|tooLong)|form_time:contact:\d+)$/.test(metric))).toBe(true);
  });

  it("reads each route's vitals per device at the 75th percentile, and the elements pressed when slow, capped per route", async () => {
    // 20 phone views of /contact: LCP 1..20 × 200 ms, INP 100..290 ms.
    for (let i = 1; i <= 20; i += 1) {
      collector.leave({ e: "leave", p: "/contact", w: { LCP: i * 200, INP: 90 + i * 10, CLS: i * 10, FCP: i * 100, TTFB: i * 40 }, s: i % 2 ? "button#send" : "input#email" }, phone);
    }
    collector.leave({ e: "leave", p: "/contact/", w: { LCP: 900 } }, desktop);
    await collector.flush();
    const { vitals, slowTargets } = await store.vitals(DAY);
    const lcp = vitals.find((row) => row.page === "/contact" && row.device === "phone" && row.metric === "LCP");
    expect(lcp).toMatchObject({ samples: 20, good: 2500 });
    expect(Math.abs((lcp?.p75 ?? 0) - 3000) / 3000).toBeLessThan(0.1);
    const cls = vitals.find((row) => row.device === "phone" && row.metric === "CLS");
    expect(Math.abs((cls?.p75 ?? 0) - 0.15) / 0.15).toBeLessThan(0.1);
    expect(vitals.find((row) => row.device === "desktop" && row.metric === "LCP")).toMatchObject({ page: "/contact", samples: 1 });
    // Only the views slower than 200 ms name their element: i = 12..20.
    expect(slowTargets).toEqual([
      { page: "/contact", target: "input#email", count: 5 },
      { page: "/contact", target: "button#send", count: 4 },
    ]);
  });

  it("counts a visitor who switched tabs, came back and sent as a send, not as leaving: the later beacon withdraws the leave", async () => {
    const visit: Visit = { l: "/contact" };
    // Hidden after typing a name (another tab): reported as left at the name, and written.
    collector.leave({ e: "leave", p: "/contact", v: visit, t: [{ f: "contact", r: ["name"], l: "name" }], w: { INP: 100, LCP: 900 } }, phone);
    await collector.flush();
    const field = async (name: string, device = ALL_DEVICES) => (await store.report(DAY, DAY)).fields.find((row) => row.form === "contact" && row.page === ALL_PAGES && row.device === device && row.field === name);
    expect(await field("name")).toMatchObject({ reached: 1, left: 1 });
    // Back, filled in the rest and sent, then hidden again: only what changed, the leave withdrawn, and the INP that grew moved.
    collector.leave({ e: "leave", p: "/contact", v: visit, t: [{ f: "contact", r: ["email", "role"], u: "name", t: 30_000 }], w: { INP: 400 }, o: { INP: 100 } }, phone);
    await collector.flush();
    const report = await store.report(DAY, DAY);
    expect(await field("name")).toMatchObject({ reached: 1, left: 0 });
    expect(await field("name", "phone")).toMatchObject({ reached: 1, left: 0 });
    expect(await field("email")).toMatchObject({ reached: 1, left: 0 });
    expect(report.formTimes.find((row) => row.form === "contact" && row.page === ALL_PAGES && row.device === ALL_DEVICES)).toMatchObject({ abandoned: 0, sent: 1 });
    // One sample of INP, now in the 400 ms bucket; LCP kept.
    const inp = report.vitals.find((row) => row.page === "/contact" && row.device === "phone" && row.metric === "INP");
    expect(inp?.samples).toBe(1);
    expect(Math.abs((inp?.p75 ?? 0) - 400) / 400).toBeLessThan(0.15);
    // Both beacons within one flush net out in memory the same way.
    collector.leave({ e: "leave", p: "/contact", v: visit, t: [{ f: "contact", r: ["name"], l: "name" }] }, desktop);
    collector.leave({ e: "leave", p: "/contact", v: visit, t: [{ f: "contact", r: [], u: "name", l: "email" }] }, desktop);
    await collector.flush();
    expect(await field("name", "desktop")).toMatchObject({ left: 0 });
    expect(await field("email", "desktop")).toMatchObject({ left: 1 });
  });

  it("never takes a withdrawal below zero or lets it add a row, and refuses one without what replaces it", async () => {
    collector.leave({ e: "leave", p: "/contact", v: { l: "/contact", s: "junk" }, t: [{ f: "contact", r: [], u: "message", t: 5000 }], w: { LCP: 500 }, o: { LCP: 9000 } }, phone);
    await collector.flush();
    const rows = await db.withTables<AnalyticsTables>().selectFrom("analytics_daily").select(["metric", "count"]).execute();
    expect(rows.every((row) => Number(row.count) >= 0)).toBe(true);
    expect(rows.some((row) => row.metric.startsWith("field_left:"))).toBe(false);
    expect(rows.filter((row) => row.metric.startsWith("vital:LCP:")).map((row) => Number(row.count))).toEqual([1]);
    // The schema: a withdrawn leave comes with a leave elsewhere or a send, and a withdrawn vital with its new value.
    const ok = (event: unknown) => v.safeParse(LeaveSchema, event).success;
    expect(ok({ e: "leave", p: "/contact", t: [{ f: "contact", r: [], u: "name" }] })).toBe(false);
    expect(ok({ e: "leave", p: "/contact", t: [{ f: "contact", r: [], u: "name", l: "name" }] })).toBe(false);
    expect(ok({ e: "leave", p: "/contact", t: [{ f: "contact", r: [], u: "nickname", t: 5 }] })).toBe(false);
    expect(ok({ e: "leave", p: "/contact", w: { CLS: 3 }, o: { INP: 100 } })).toBe(false);
    expect(ok({ e: "leave", p: "/contact", v: { l: "/contact" }, t: [{ f: "contact", r: [], u: "name", t: 5 }], w: { INP: 300 }, o: { INP: 100 } })).toBe(true);
  });

  it("splits the funnels by the visit's source (utm_source, else the referring site, else direct) for the report and the CLI", async () => {
    const news = { ...desktop, ip: "203.0.113.20" };
    const google = { ...phone, ip: "198.51.100.21" };
    const direct = { ...desktop, ip: "203.0.113.22" };
    const visits: [typeof desktop | typeof phone, Visit][] = [
      [news, { l: "/contact", s: "News", r: "https://mail.example.net/" }],
      [google, { l: "/contact", r: "https://www.google.com/" }],
      [direct, { l: "/contact" }],
    ];
    for (const [who, visit] of visits) {
      await collector.event({ e: "view", p: "/contact", x: 1, v: visit }, who);
      for (const step of ["form_view", "form_start"] as const) await collector.event({ e: step, p: "/contact", f: "contact", v: visit }, who);
    }
    // News sends; google leaves at the email; direct leaves at the name.
    await collector.event({ e: "form_submit", p: "/contact", f: "contact", v: visits[0]![1] }, news);
    collector.enquiry(visits[0]![1], news);
    collector.leave({ e: "leave", p: "/contact", v: visits[0]![1], t: [{ f: "contact", r: ["name", "email"], t: 20_000 }] }, news);
    collector.leave({ e: "leave", p: "/contact", v: visits[1]![1], t: [{ f: "contact", r: ["name", "email"], l: "email" }] }, google);
    collector.leave({ e: "leave", p: "/contact", v: visits[2]![1], t: [{ f: "contact", r: ["name"], l: "name" }] }, direct);
    await collector.flush();

    const all = await store.report(DAY, DAY);
    expect(all.source).toBeNull();
    expect(all.funnelSources).toEqual([DIRECT, "google.com", "news"]);
    expect(all.forms.find((row) => row.form === "contact")).toMatchObject({ viewed: 3, started: 3, submitted: 1, accepted: 1 });

    const fromNews = await store.report(DAY, DAY, "news");
    expect(fromNews.source).toBe("news");
    expect(fromNews.forms.find((row) => row.form === "contact")).toMatchObject({ viewed: 1, started: 1, submitted: 1, accepted: 1, conversionRate: 1 });
    const newsField = (name: string, page = ALL_PAGES) => fromNews.fields.find((row) => row.form === "contact" && row.page === page && row.field === name);
    expect(newsField("email")).toMatchObject({ reached: 1, left: 0 });
    expect(newsField("email", "/contact")).toMatchObject({ reached: 1, left: 0 });
    // Filtered, the per-device rows are not kept: every row is over every device.
    expect(fromNews.fields.every((row) => row.device === ALL_DEVICES)).toBe(true);
    expect(fromNews.formTimes.find((row) => row.form === "contact" && row.page === ALL_PAGES)).toMatchObject({ sent: 1, abandoned: 0 });
    // The rest of the report is not filtered.
    expect(fromNews.totals.views).toBe(all.totals.views);

    const fromGoogle = await store.funnel("contact", DAY, DAY, "google.com");
    expect(fromGoogle.fields.find((row) => row.page === ALL_PAGES && row.field === "email")).toMatchObject({ reached: 1, left: 1 });
    expect(fromGoogle.fields.find((row) => row.page === ALL_PAGES && row.field === "name")).toMatchObject({ reached: 1, left: 0 });
    const fromDirect = await store.report(DAY, DAY, DIRECT);
    expect(fromDirect.forms.find((row) => row.form === "contact")).toMatchObject({ viewed: 1, started: 1, submitted: 0, accepted: 0 });
    expect(fromDirect.fields.find((row) => row.page === ALL_PAGES && row.form === "contact" && row.field === "name")).toMatchObject({ left: 1 });
    const nowhere = await store.report(DAY, DAY, "nobody");
    expect(nowhere.forms.every((row) => row.viewed === 0)).toBe(true);
  });

  it("keeps a day's source split bounded under junk: at most the cap of sources, the rest as (other), across flushes", async () => {
    const pages = [...countedPages];
    for (let flush = 0; flush < 2; flush += 1) {
      for (let i = 0; i < 150; i += 1) {
        const visit: Visit = { l: "/", s: `junk-${flush}-${i}` };
        const page = pages[i % pages.length]!;
        collector.leave({ e: "leave", p: page, v: visit, t: [{ f: "contact", r: ["name", "email"], l: "email", m: [["email", "format", 3]], c: ["email"] }] }, i % 2 ? phone : desktop);
        await collector.event({ e: "form_start", p: page, f: "newsletter", v: visit }, desktop);
      }
      await collector.flush();
    }
    const keys = (await db.withTables<AnalyticsTables>().selectFrom("analytics_daily").select("key").distinct().where("dimension", "=", "page_source").execute()).map((row) => row.key);
    const sources = new Set(keys.map((key) => key.slice(key.indexOf(" ") + 1)));
    expect(sources.has(OTHER)).toBe(true);
    expect(sources.size).toBe(FUNNEL_SOURCES_PER_DAY_MAX + 1);
    // Rows: at most every page (and other) × the kept sources, direct and other × the metrics sent.
    const rows = await db.withTables<AnalyticsTables>().selectFrom("analytics_daily").select((eb) => eb.fn.countAll<number | string>().as("n")).where("dimension", "=", "page_source").executeTakeFirst();
    expect(Number(rows?.n)).toBeLessThanOrEqual((pages.length + 1) * (FUNNEL_SOURCES_PER_DAY_MAX + 2) * 6);
    const other = await store.report(DAY, DAY, OTHER);
    expect(other.forms.find((row) => row.form === "newsletter")?.started).toBe(300 - FUNNEL_SOURCES_PER_DAY_MAX);
  });
});
