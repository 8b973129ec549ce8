import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../../contract/analytics";
import { openDatabase } from "../store/database";
import type { Database } from "../store/schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { createAnalyticsStore, PENDING_SIGNUP_TTL_MS, type AnalyticsStore, type AnalyticsTables } from "../store/analytics-store";
import { createCollector, type Collector } from "./collector";
import { VISIT_IDLE_MS } from "./landing-visits";

// The counts the owner reads, from events to the dashboard report and the CLI
// summary, on SQLite and PostgreSQL, with a fake clock where days and visits'
// idle time matter. A visit's later pages are document loads that know only
// themselves (`n: 1`): the server credits the landing it remembers.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const DAY_MS = 86_400_000;
const start = Date.parse("2026-11-20T10:00:00Z");
const desktop = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0", device: "desktop" as const };
const phone = { ip: "198.51.100.4", userAgent: "Mozilla/5.0 (iPhone) Mobile Safari", device: "phone" as const };
const landing = { l: "/", r: "https://www.google.com/search?q=payroll", s: "newsletter", m: "email", c: "Winter-Payroll" };
/** A page view; an entry (the visit's first page) lands the visit on that page. */
const view = (page: string, entry = false): AnalyticsEvent => (entry ? { e: "view", p: page, x: 1, v: { ...landing, l: page } } : { e: "view", p: page, v: landing });
/** A page reached by a link from another of ours: it sends only itself, marked as continuing a visit. */
const onContact = { l: "/contact", n: 1 } as const;
const continued = (page = "/contact"): AnalyticsEvent => ({ e: "view", p: page, v: { l: page, n: 1 } });
const MINUTE_MS = 60_000;

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
    collector.enquiry(landing, desktop);
    await collector.signup(landing, desktop, "Ann@Example.co.uk");
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

  it("credits a continued page's leads to the landing its visitor began on, and only that visitor's", async () => {
    await collector.event(view("/freelancers", true), desktop);
    await collector.event(continued(), desktop);
    await collector.event({ e: "form_start", f: "contact", p: "/contact", v: onContact }, desktop);
    collector.enquiry(onContact, desktop);
    await collector.signup(onContact, desktop, "bea@example.co.uk");
    // Another browser at the same address, and the same browser at another address: other visitors.
    collector.enquiry(onContact, { ...desktop, userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" });
    collector.enquiry(onContact, { ...desktop, ip: "203.0.113.8" });
    now += DAY_MS;
    await collector.confirmed("bea@example.co.uk");
    await collector.flush();

    const report = await store.report("2026-11-20", "2026-11-21");
    expect(report.pages.find((row) => row.key === "/freelancers")).toMatchObject({ visits: 1, enquiries: 1, subscriptions: 1 });
    expect(report.pages.find((row) => row.key === "/contact")).toMatchObject({ visits: 0, enquiries: 2, subscriptions: 0 });
    expect(report.campaigns.find((row) => row.key === "winter-payroll")).toMatchObject({ visits: 1, enquiries: 1, subscriptions: 1 });
    expect(report.referrers.find((row) => row.key === "google.com")).toMatchObject({ visits: 1, enquiries: 1, subscriptions: 1 });
    expect(report.totals).toMatchObject({ views: 2, visits: 1, visitors: 1, enquiries: 3, subscriptions: 1 });
  });

  it("keeps a visit while its visitor is active, and forgets it after 30 minutes without an event or when the day changes", async () => {
    await collector.event(view("/freelancers", true), desktop);
    now += VISIT_IDLE_MS - MINUTE_MS;
    await collector.event(continued("/about"), desktop);
    now += VISIT_IDLE_MS - MINUTE_MS;
    // 58 minutes after the landing, 29 after the last page: the same visit.
    collector.enquiry(onContact, desktop);
    now += VISIT_IDLE_MS;
    // 30 minutes without an event: a new visit, as far as anyone can tell; its own page is all there is.
    collector.enquiry(onContact, desktop);

    await collector.event(view("/agencies", true), phone);
    now = Date.parse("2026-11-20T23:59:00Z");
    await collector.event(view("/agencies", true), phone);
    now += 2 * MINUTE_MS;
    // Past midnight the salt is new and every remembered visit forgotten.
    collector.enquiry(onContact, phone);
    await collector.flush();

    const report = await store.report("2026-11-20", "2026-11-21");
    expect(report.pages.find((row) => row.key === "/freelancers")).toMatchObject({ enquiries: 1 });
    expect(report.pages.find((row) => row.key === "/contact")).toMatchObject({ enquiries: 2 });
    expect(report.pages.find((row) => row.key === "/agencies")).toMatchObject({ visits: 2, enquiries: 0 });
  });

  it("remembers at most its bound of visits, forgetting the one idle longest first", async () => {
    collector = createCollector({ store, site: "example.co.uk", ownHosts: ["example.co.uk"], emailHashSecret: "k".repeat(32), flushMs: 60_000, now: () => now, landingVisitsMax: 2 });
    const visitor = (n: number) => ({ ...desktop, ip: `192.0.2.${n}` });
    const lands = (campaign: string): AnalyticsEvent => ({ e: "view", p: "/freelancers", x: 1, v: { l: "/freelancers", c: campaign } });
    await collector.event(lands("first"), visitor(1));
    now += MINUTE_MS;
    await collector.event(lands("second"), visitor(2));
    now += MINUTE_MS;
    // The first visitor reads on: the second is now the idlest, and goes when a third arrives.
    await collector.event(continued("/about"), visitor(1));
    now += MINUTE_MS;
    await collector.event(lands("third"), visitor(3));
    for (const n of [1, 2, 3]) collector.enquiry(onContact, visitor(n));
    await collector.flush();

    const { campaigns, pages } = await store.report("2026-11-20", "2026-11-20");
    expect(Object.fromEntries(campaigns.map((row) => [row.key, row.enquiries]))).toEqual({ first: 1, second: 0, third: 1, "(none)": 1 });
    expect(pages.find((row) => row.key === "/contact")).toMatchObject({ enquiries: 1 });
  });

  it("writes nothing but the daily sums: no hash, no address, no visit", async () => {
    const calls: string[] = [];
    const watched = Object.create(store) as AnalyticsStore;
    for (const method of Object.keys(store) as (keyof AnalyticsStore)[]) {
      (watched as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        calls.push(method);
        return (store[method] as (...args: unknown[]) => unknown)(...args);
      };
    }
    collector = createCollector({ store: watched, site: "example.co.uk", ownHosts: ["example.co.uk"], emailHashSecret: "k".repeat(32), flushMs: 60_000, now: () => now });
    await collector.event(view("/freelancers", true), desktop);
    now += 5 * MINUTE_MS;
    await collector.event(continued(), desktop);
    collector.enquiry(onContact, desktop);
    await collector.flush();

    expect(new Set(calls)).toEqual(new Set(["add"]));
    const rows = await db.withTables<AnalyticsTables>().selectFrom("analytics_daily").selectAll().execute();
    // The funnels' split by page and source ("/freelancers newsletter") names no one either.
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(["/freelancers", "/contact", "google.com", "newsletter", "email", "winter-payroll", "desktop", "/freelancers newsletter"]));
    expect(rows.filter((row) => row.metric === "enquiry").map((row) => row.key).sort()).toEqual(["/freelancers", "/freelancers newsletter", "desktop", "email", "google.com", "newsletter", "winter-payroll"]);
    expect(await db.withTables<AnalyticsTables>().selectFrom("analytics_pending_signups").selectAll().execute()).toEqual([]);
  });

  it("does not credit a confirmation that comes after the sign-up's context expired", async () => {
    await collector.signup(landing, desktop, "late@example.co.uk");
    now += PENDING_SIGNUP_TTL_MS + 1000;
    await collector.confirmed("late@example.co.uk");
    await collector.flush();
    expect((await store.report("2026-11-20", "2026-12-31")).totals.subscriptions).toBe(0);
  });
});
