import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../../contract/analytics";
import { openDatabase } from "../store/database";
import type { Database } from "../store/schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { createAnalyticsStore, PENDING_SIGNUP_TTL_MS, type AnalyticsStore } from "../store/analytics-store";
import { createCollector, type Collector } from "./collector";

// The counts the owner reads, from events to the dashboard report and the CLI
// summary, on SQLite and PostgreSQL, with a fake clock where days matter.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const DAY_MS = 86_400_000;
const start = Date.parse("2026-11-20T10:00:00Z");
const desktop = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0", device: "desktop" as const };
const phone = { ip: "198.51.100.4", userAgent: "Mozilla/5.0 (iPhone) Mobile Safari", device: "phone" as const };
const landing = { l: "/", r: "https://www.google.com/search?q=payroll", s: "newsletter", m: "email", c: "Winter-Payroll" };
/** A page view; an entry (the visit's first page) lands the visit on that page. */
const view = (page: string, entry = false): AnalyticsEvent => (entry ? { e: "view", p: page, x: 1, v: { ...landing, l: page } } : { e: "view", p: page, v: landing });

describe.each(kinds)("analytics counts on %s", (kind) => {
  let scratch: ScratchDatabase;
  let db: Kysely<Database>;
  let store: AnalyticsStore;
  let collector: Collector;
  let now = start;

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    db = (await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir })).db;
    store = createAnalyticsStore(db);
  });
  beforeEach(async () => {
    await db.withTables<{ analytics_daily: { day: string } }>().deleteFrom("analytics_daily").execute();
    now = start;
    collector = createCollector({ store, site: "example.co.uk", ownHosts: ["example.co.uk"], emailHashSecret: "k".repeat(32), flushMs: 60_000, now: () => now });
  });
  afterAll(async () => {
    await collector.close();
    await db.destroy();
    await scratch.drop();
  });

  it("counts views, visits and unique visitors per day, forgetting visitors when the day changes", async () => {
    await collector.event(view("/", true), desktop);
    await collector.event(view("/services"), desktop);
    await collector.event(view("/"), desktop);
    await collector.event(view("/", true), phone);
    now += DAY_MS;
    // The same person the next day is a new visitor: the salt, and every hash, are gone.
    await collector.event(view("/", true), desktop);
    await collector.flush();

    const report = await store.report("2026-11-20", "2026-11-21");
    expect(report.daily).toEqual([
      { day: "2026-11-20", views: 4, visits: 2, visitors: 2 },
      { day: "2026-11-21", views: 1, visits: 1, visitors: 1 },
    ]);
    const home = report.pages.find((row) => row.key === "/");
    expect(home).toMatchObject({ views: 4, visits: 3, visitors: 3 });
    expect(report.pages.find((row) => row.key === "/services")).toMatchObject({ views: 1, visits: 0, visitors: 1 });
    expect(report.referrers).toEqual([expect.objectContaining({ key: "google.com", visits: 3 })]);
    expect(report.campaigns).toEqual([expect.objectContaining({ key: "winter-payroll", visits: 3 })]);
    expect(report.devices.map((row) => [row.key, row.views])).toEqual([["desktop", 4], ["phone", 1]]);
    // A range outside the data shows nothing.
    expect((await store.report("2026-11-22", "2026-11-30")).daily).toEqual([]);
  });

  it("adds to the stored counts on every flush instead of replacing them", async () => {
    await collector.event(view("/about", true), desktop);
    await collector.flush();
    await collector.event(view("/about", true), phone);
    await collector.flush();
    const about = (await store.report("2026-11-20", "2026-11-20")).pages.find((row) => row.key === "/about");
    expect(about).toMatchObject({ views: 2, visits: 2 });
  });

  it("credits leads to the landing page, referrer and campaign, and confirmed sign-ups once their address confirms", async () => {
    await collector.event(view("/", true), desktop);
    await collector.event({ e: "form_view", f: "contact", p: "/contact", v: landing }, desktop);
    await collector.event({ e: "form_start", f: "contact", p: "/contact", v: landing }, desktop);
    await collector.event({ e: "form_submit", f: "contact", p: "/contact", v: landing }, desktop);
    collector.enquiry(landing, "desktop");
    await collector.signup(landing, "desktop", "Ann@Example.co.uk");
    now += 2 * DAY_MS;
    await collector.confirmed("ann@example.co.uk");
    // A second confirmation of the same address finds no context: counted once.
    await collector.confirmed("ann@example.co.uk");
    await collector.flush();

    const report = await store.report("2026-11-20", "2026-11-22");
    expect(report.pages.find((row) => row.key === "/")).toMatchObject({ visits: 1, enquiries: 1, subscriptions: 1, conversionRate: 2 });
    expect(report.campaigns[0]).toMatchObject({ key: "winter-payroll", enquiries: 1, subscriptions: 1 });
    expect(report.forms).toEqual([
      { form: "contact", viewed: 1, started: 1, submitted: 1, accepted: 1, confirmed: null, conversionRate: 1 },
      { form: "newsletter", viewed: 0, started: 0, submitted: 0, accepted: 1, confirmed: 1, conversionRate: 0 },
    ]);
    expect(await store.summary("2026-11-20")).toContainEqual({ page: "/", views: 1, visitors: 1, enquiries: 1, subscriptions: 1, conversionRate: 2 });
  });

  it("does not credit a confirmation that comes after the sign-up's context expired", async () => {
    await collector.signup(landing, "desktop", "late@example.co.uk");
    now += PENDING_SIGNUP_TTL_MS + 1000;
    await collector.confirmed("late@example.co.uk");
    await collector.flush();
    expect((await store.report("2026-11-20", "2026-12-31")).totals.subscriptions).toBe(0);
  });
});
