import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALL_DEVICES, ALL_PAGES, bucketOf, quantileOf, vitalHistogram, type LeaveEvent } from "../../contract/analytics";
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
});
