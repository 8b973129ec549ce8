import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_KEYS_PER_DAY_MAX, EVENT_BODY_BYTES, EVENT_ENDPOINT, INP_TARGETS_PER_ROUTE_MAX, OTHER, vitalHistogram, type AnalyticsEvent } from "../../contract/analytics";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { startTcpProxy } from "../ops/tcp-proxy.test-support";
import { openDatabase } from "../store/database";
import type { Database } from "../store/schema";
import { postgresReachable, redisReachable, scratchDatabase, shouldRun, testRedisUrl, type ScratchDatabase } from "../store/databases.test-support";
import { startTestApp, type TestApp } from "../app.test-support";
import { createAnalyticsStore, type AnalyticsStore, type AnalyticsTables, type Increment } from "../store/analytics-store";
import { createCollector } from "./collector";
import { countedPages } from "./dimensions";
import { redisVisitorKeys } from "./visitor-hash";

// What junk can do to the analytics: made-up paths fold into one row, each
// day keeps a capped number of referrers and campaigns (in memory too, while
// the store is down), text passes the forms' input policy, the limit is keyed by /64 and holds while Redis is down, and
// with Redis two instances count one visitor once.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const runRedis = shouldRun("Redis", await redisReachable());
const browser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const today = () => new Date().toISOString().slice(0, 10);
const DAY = "2026-11-20";
const desktop = { ip: "203.0.113.7", userAgent: browser, device: "desktop" as const };

const sent = (t: TestApp, body: unknown, remoteAddress = "203.0.113.9", userAgent = browser) =>
  t.app.inject({ method: "POST", url: EVENT_ENDPOINT, payload: JSON.stringify(body), remoteAddress, headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": userAgent } });

describe("the counted pages", () => {
  it("are the site's own paths, not the inbox or the not-found pages", () => {
    expect(countedPages.has("/")).toBe(true);
    expect(countedPages.has("/services/payroll")).toBe(true);
    expect(countedPages.has("/newsletter/confirm")).toBe(true);
    for (const path of ["/admin", "/404", "/services/404", "/home"]) expect(countedPages.has(path)).toBe(false);
    expect(countedPages.size).toBe(31);
  });
});

describe("junk events on SQLite", () => {
  let scratch: ScratchDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    scratch = await scratchDatabase("sqlite");
    db = (await openDatabase(scratch)).db;
  });
  afterAll(async () => {
    await db.destroy();
    await scratch.drop();
  });
  afterEach(async () => {
    await db.withTables<AnalyticsTables>().deleteFrom("analytics_daily").execute();
  });

  const rows = () => db.withTables<AnalyticsTables>().selectFrom("analytics_daily").selectAll().execute();
  const collector = () =>
    createCollector({ store: createAnalyticsStore(db), site: "example.co.uk", ownHosts: ["example.co.uk"], emailHashSecret: "k".repeat(32), flushMs: 600_000, now: () => Date.parse(`${DAY}T12:00:00Z`) });

  it("fold every path that is not one of the site's pages into one row", async () => {
    const c = collector();
    for (let i = 0; i < 50; i += 1) await c.event({ e: "view", p: `/made-up-${i}`, x: 1, v: { l: `/made-up-${i}` } }, desktop);
    await c.event({ e: "view", p: "/about/", v: { l: "/about" } }, desktop);
    await c.close();
    const pages = new Set((await rows()).filter((row) => row.dimension === "page").map((row) => row.key));
    expect([...pages].sort()).toEqual([OTHER, "/about"].sort());
  });

  it("keep at most the cap of distinct referrers and campaigns a day, the rest as one other row, over several flushes", async () => {
    const c = collector();
    const junk = (i: number): AnalyticsEvent => ({ e: "view", p: "/", x: 1, v: { l: "/", r: `https://spam-${i}.example/path?q=${i}`, s: `s${i}`, m: `m${i}`, c: `c${i}` } });
    for (let i = 0; i < ANALYTICS_KEYS_PER_DAY_MAX * 3; i += 1) {
      await c.event(junk(i), { ...desktop, ip: `198.51.100.${i % 250}` });
      // Several flushes: the cap holds against what is already stored, not only within a batch.
      if (i % 70 === 0) await c.flush();
    }
    await c.close();
    const stored = await rows();
    for (const dimension of ["referrer", "source", "medium", "campaign"]) {
      const keys = new Set(stored.filter((row) => row.dimension === dimension).map((row) => row.key));
      expect(keys.size).toBe(ANALYTICS_KEYS_PER_DAY_MAX + 1);
      expect(keys.has(OTHER)).toBe(true);
    }
    // Referrers keep their host only.
    expect(stored.filter((row) => row.dimension === "referrer").every((row) => !row.key.includes("/") && !row.key.includes("?"))).toBe(true);
    // Nothing was lost: every visit is in the referrer rollup, named or folded.
    const visits = stored.filter((row) => row.dimension === "referrer" && row.metric === "visit").reduce((sum, row) => sum + row.count, 0);
    expect(visits).toBe(ANALYTICS_KEYS_PER_DAY_MAX * 3);
  });

  it("keep at most the cap of slow-press selectors per route and day, and a bounded number of vitals rows whatever the values", async () => {
    const c = collector();
    for (let i = 0; i < INP_TARGETS_PER_ROUTE_MAX * 4; i += 1) {
      c.leave({ e: "leave", p: "/contact", w: { INP: 500 + i, LCP: i * 997, CLS: i * 3001, FCP: 600_000, TTFB: 0 }, s: `button#junk-${i}` }, desktop);
      c.leave({ e: "leave", p: `/made-up-${i}`, w: { INP: 900 }, s: `a#junk-${i}` }, desktop);
      if (i % 30 === 0) await c.flush();
    }
    await c.close();
    const stored = await rows();
    const targets = (page: string) => new Set(stored.filter((row) => row.dimension === "target" && row.key.startsWith(`${page} `)).map((row) => row.key));
    expect(targets("/contact").size).toBe(INP_TARGETS_PER_ROUTE_MAX + 1);
    expect(targets("/contact").has(`/contact ${OTHER}`)).toBe(true);
    // Made-up paths are one route.
    expect(targets(OTHER).size).toBe(INP_TARGETS_PER_ROUTE_MAX + 1);
    // Each metric keeps at most its buckets per route and device.
    const vitalRows = stored.filter((row) => row.metric.startsWith("vital:"));
    for (const name of ["LCP", "INP", "CLS", "FCP", "TTFB"] as const) {
      expect(vitalRows.filter((row) => row.key === "/contact" && row.metric.startsWith(`vital:${name}:`)).length).toBeLessThanOrEqual(vitalHistogram[name].buckets);
    }
    expect(new Set(vitalRows.map((row) => row.key))).toEqual(new Set(["/contact", OTHER]));
  });
});

describe("junk events while the store is down", () => {
  let scratch: ScratchDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    scratch = await scratchDatabase("sqlite");
    db = (await openDatabase(scratch)).db;
  });
  afterAll(async () => {
    await db.destroy();
    await scratch.drop();
  });

  it("keep the waiting counts within the day's cap of keys through failed flushes, count the dropped keys, and lose no count", async () => {
    const real = createAnalyticsStore(db);
    let down = true;
    const tried: (readonly Increment[])[] = [];
    const store: AnalyticsStore = Object.create(real) as AnalyticsStore;
    store.add = async (batch) => {
      tried.push(batch);
      if (down) throw new Error("store unreachable");
      return real.add(batch);
    };
    const dropped: string[] = [];
    const c = createCollector({
      store,
      site: "example.co.uk",
      ownHosts: ["example.co.uk"],
      emailHashSecret: "k".repeat(32),
      flushMs: 600_000,
      now: () => Date.parse(`${DAY}T12:00:00Z`),
      onKeyDropped: (dimension) => dropped.push(dimension),
    });
    // The same visitor each time: only the visit is counted by referrer after the first view.
    const junk = (i: number): AnalyticsEvent => ({ e: "view", p: "/", x: 1, v: { l: "/", r: `https://spam-${i}.example/` } });
    const rounds = 4;
    for (let round = 0; round < rounds; round += 1) {
      for (let i = 0; i < ANALYTICS_KEYS_PER_DAY_MAX; i += 1) await c.event(junk(round * ANALYTICS_KEYS_PER_DAY_MAX + i), desktop);
      await c.flush();
    }
    expect(tried).toHaveLength(rounds);
    // Every failed try held at most the cap of named referrers, however many were sent since the store went down.
    for (const batch of tried) {
      const referrers = new Set(batch.filter((row) => row.dimension === "referrer").map((row) => row.key));
      referrers.delete(OTHER);
      expect(referrers.size).toBeLessThanOrEqual(ANALYTICS_KEYS_PER_DAY_MAX);
    }
    expect(dropped).toHaveLength((rounds - 1) * ANALYTICS_KEYS_PER_DAY_MAX);
    expect(new Set(dropped)).toEqual(new Set(["referrer"]));

    down = false;
    await c.close();
    const stored = await db.withTables<AnalyticsTables>().selectFrom("analytics_daily").selectAll().where("dimension", "=", "referrer").where("metric", "=", "visit").execute();
    expect(stored.reduce((sum, row) => sum + row.count, 0)).toBe(rounds * ANALYTICS_KEYS_PER_DAY_MAX);
    expect(stored.find((row) => row.key === OTHER)?.count).toBe((rounds - 1) * ANALYTICS_KEYS_PER_DAY_MAX);
  });

  it("cap the counts that arrive during a failing write together with those it was writing", async () => {
    let fail: (error: Error) => void = () => undefined;
    const tried: (readonly Increment[])[] = [];
    const store: AnalyticsStore = Object.create(createAnalyticsStore(db)) as AnalyticsStore;
    store.add = (batch) => {
      tried.push(batch);
      return new Promise((_resolve, reject) => (fail = reject));
    };
    const dropped: string[] = [];
    const c = createCollector({
      store,
      site: "example.co.uk",
      ownHosts: ["example.co.uk"],
      emailHashSecret: "k".repeat(32),
      flushMs: 600_000,
      now: () => Date.parse(`${DAY}T12:00:00Z`),
      onKeyDropped: (dimension) => dropped.push(dimension),
    });
    /** Until the collector has handed its `n`th batch to the store. */
    const tries = async (n: number) => {
      while (tried.length < n) await new Promise((resolve) => setImmediate(resolve));
    };
    const junk = (i: number): AnalyticsEvent => ({ e: "view", p: "/", x: 1, v: { l: "/", r: `https://flight-${i}.example/` } });
    for (let i = 0; i < ANALYTICS_KEYS_PER_DAY_MAX; i += 1) await c.event(junk(i), desktop);
    const writing = c.flush();
    await tries(1);
    // While the store has not answered, the day's cap is already full.
    for (let i = ANALYTICS_KEYS_PER_DAY_MAX; i < 2 * ANALYTICS_KEYS_PER_DAY_MAX; i += 1) await c.event(junk(i), desktop);
    expect(dropped).toHaveLength(ANALYTICS_KEYS_PER_DAY_MAX);
    fail(new Error("store unreachable"));
    await writing;
    const retry = c.flush();
    await tries(2);
    const referrers = new Set(tried.at(-1)?.filter((row) => row.dimension === "referrer").map((row) => row.key));
    referrers.delete(OTHER);
    expect(referrers.size).toBe(ANALYTICS_KEYS_PER_DAY_MAX);
    fail(new Error("store unreachable"));
    await retry;
  });
});

describe("POST /api/event", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: "silent", ANALYTICS_RATE_LIMIT_MAX: "3", ANALYTICS_FLUSH_MS: "600000" });
  });
  afterAll(() => t.close());

  it("refuses control and text-direction characters, as the forms do", async () => {
    const visits = [{ l: "/", c: "spring\u0000" }, { l: "/", s: "news\u001bletter" }, { l: "/", r: "https://a.example/\u202e" }, { l: "/\u0007" }];
    for (const [i, v] of visits.entries()) expect((await sent(t, { e: "view", p: "/", v }, `192.0.2.${200 + i}`)).statusCode).toBe(400);
  });

  it("refuses a leave beacon naming a field or message its form does not have, a value out of range, an unsafe selector or too much", async () => {
    const junk: unknown[] = [
      { e: "leave", p: "/contact", t: [{ f: "contact", r: ["password"] }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: ["name"], l: "website" }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: ["name", "name"] }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [], m: [["name", "format", 1]] }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [], m: [["email", "rude", 1]] }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [], m: [["email", "format", 10_000]] }] },
      { e: "leave", p: "/contact", t: [{ f: "newsletter", r: ["name"] }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [] }, { f: "contact", r: [] }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [], t: -1 }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [], v: "Ann Smith" }] },
      { e: "leave", p: "/contact", w: { LCP: 1e9 } },
      { e: "leave", p: "/contact", w: { INP: 12.5 } },
      { e: "leave", p: "/contact", w: { CLS: -1 } },
      { e: "leave", p: "/contact", w: { FID: 10 } },
      { e: "leave", p: "/contact", s: "button.primary > span" },
      { e: "leave", p: "/contact", s: 'input[value="ann@example.co.uk"]' },
      { e: "leave", p: "/contact", s: `div#${"x".repeat(80)}` },
      { e: "leave", p: "https://example.com/", w: { LCP: 10 } },
      { e: "leave", p: "/contact", v: { l: "/", id: "abc" } },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [], u: "name" }] },
      { e: "leave", p: "/contact", t: [{ f: "contact", r: [], u: "website", t: 10 }] },
      { e: "leave", p: "/contact", w: { INP: 100 }, o: { LCP: 10 } },
      { e: "leave", p: "/contact", w: { LCP: 10 }, pad: "x".repeat(EVENT_BODY_BYTES) },
    ];
    for (const [i, body] of junk.entries()) expect([400, 413], JSON.stringify(body).slice(0, 120)).toContain((await sent(t, body, `192.0.2.${100 + i}`)).statusCode);
    // A well-formed one is taken.
    const good = { e: "leave", p: "/contact", t: [{ f: "contact", r: ["name", "email"], l: "email", m: [["email", "format", 1]], c: ["email"] }], w: { LCP: 1200, INP: 80, CLS: 20, FCP: 900, TTFB: 120 }, s: "button#send" };
    expect((await sent(t, good, "192.0.2.150")).statusCode).toBe(204);
  });

  it("limits the addresses of one IPv6 /64 together", async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i += 1) statuses.push((await sent(t, { e: "view", p: "/", v: { l: "/" } }, `2001:db8:1:2::${i}`)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429]);
    // Another /64 has its own count.
    expect((await sent(t, { e: "view", p: "/", v: { l: "/" } }, "2001:db8:1:3::1")).statusCode).toBe(204);
  });
});

describe("the leave beacon under Global Privacy Control", () => {
  it("is not counted from a browser sending Sec-GPC when the owner honours it, as every event", async () => {
    const t = await startTestApp({ LOG_LEVEL: "silent", ANALYTICS_HONOR_GPC: "true", ANALYTICS_FLUSH_MS: "600000" });
    try {
      const leave = JSON.stringify({ e: "leave", p: "/contact", t: [{ f: "contact", r: ["name"], l: "name" }], w: { LCP: 1200 } });
      const post = (gpc: boolean) =>
        t.app.inject({ method: "POST", url: EVENT_ENDPOINT, payload: leave, remoteAddress: "203.0.113.60", headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": browser, ...(gpc ? { "sec-gpc": "1" } : {}) } });
      expect((await post(true)).statusCode).toBe(204);
      await t.app.analyticsFlush?.();
      const { db } = await openDatabase({ dataDir: t.config.dataDir });
      try {
        const counted = () => createAnalyticsStore(db).report(today(), today());
        expect((await counted()).fields.find((row) => row.field === "name" && row.reached > 0)).toBeUndefined();
        expect((await counted()).vitals).toEqual([]);
        expect((await post(false)).statusCode).toBe(204);
        await t.app.analyticsFlush?.();
        expect((await counted()).fields.find((row) => row.field === "name" && row.reached > 0)).toMatchObject({ reached: 1, left: 1 });
      } finally {
        await db.destroy();
      }
    } finally {
      await t.close();
    }
  });
});

describe("the dashboard's lead counts", () => {
  it("tell the leads credited to a counted visit from every lead the inbox holds", async () => {
    const t = await startTestApp({ LOG_LEVEL: "silent", ANALYTICS_FLUSH_MS: "600000" });
    try {
      // Three enquiries from a tool (not a counted browser), one from a counted visit.
      for (const [i, userAgent] of ["curl/8.5.0", "curl/8.5.0", "python-requests/2.31", browser].entries()) {
        const response = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, headers: { "user-agent": userAgent }, payload: { name: "Ann Smith", email: `ann${i}@example.co.uk`, salutation: "Business", message: "Hello" } });
        expect(response.statusCode).toBe(200);
      }
      await t.app.analyticsFlush?.();
      const { db } = await openDatabase({ dataDir: t.config.dataDir });
      try {
        const { totals } = await createAnalyticsStore(db).report(today(), today());
        expect(totals).toMatchObject({ enquiries: 1, allEnquiries: 4, allSubscriptions: 0 });
      } finally {
        await db.destroy();
      }
    } finally {
      await t.close();
    }
  });
});

describe.runIf(runRedis)("with Redis down", () => {
  it("still limits events, counting in memory", async () => {
    const proxy = await startTcpProxy(Number(new URL(testRedisUrl).port || 6379));
    const t = await startTestApp({ LOG_LEVEL: "silent", REDIS_URL: `redis://127.0.0.1:${proxy.port}`, ANALYTICS_RATE_LIMIT_MAX: "2", ANALYTICS_FLUSH_MS: "600000" });
    try {
      await proxy.cut();
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await sent(t, { e: "view", p: "/", v: { l: "/" } }, "192.0.2.77")).statusCode);
      expect(statuses).toEqual([204, 204, 429]);
    } finally {
      await t.close();
      await proxy.close();
    }
  });
});

describe.runIf(runPostgres && runRedis)("two instances on PostgreSQL and Redis", () => {
  let scratch: ScratchDatabase;
  let first: TestApp;
  let second: TestApp;
  const redis = new Redis(testRedisUrl, { lazyConnect: true });
  beforeAll(async () => {
    scratch = await scratchDatabase("postgres");
    const env = { LOG_LEVEL: "silent", DATABASE_URL: scratch.databaseUrl ?? "", REDIS_URL: testRedisUrl, ANALYTICS_FLUSH_MS: "600000" };
    first = await startTestApp(env);
    second = await startTestApp(env);
    await redis.connect();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await scratch.drop();
    redis.disconnect();
  });

  it("count one visitor once, whichever instance sees them", async () => {
    // A browser no earlier run has used: the day's HyperLogLog in the shared Redis outlives a test.
    const userAgent = `${browser} run/${randomBytes(6).toString("hex")}`;
    const before = await redis.pfcount(redisVisitorKeys(today()).visitors);
    expect((await sent(first, { e: "view", p: "/", x: 1, v: { l: "/" } }, "203.0.113.50", userAgent)).statusCode).toBe(204);
    expect((await sent(second, { e: "view", p: "/about", v: { l: "/" } }, "203.0.113.50", userAgent)).statusCode).toBe(204);
    expect((await sent(second, { e: "view", p: "/", v: { l: "/" } }, "203.0.113.50", userAgent)).statusCode).toBe(204);
    await first.app.analyticsFlush?.();
    await second.app.analyticsFlush?.();
    const { db } = await openDatabase(scratch);
    try {
      const report = await createAnalyticsStore(db).report(today(), today());
      expect(report.totals).toMatchObject({ views: 3, visits: 1, visitors: 1 });
      expect(report.pages.find((row) => row.key === "/")).toMatchObject({ views: 2, visitors: 1 });
      expect(report.pages.find((row) => row.key === "/about")).toMatchObject({ views: 1, visitors: 1 });
    } finally {
      await db.destroy();
    }
    expect((await redis.pfcount(redisVisitorKeys(today()).visitors)) - before).toBe(1);
  });
});
