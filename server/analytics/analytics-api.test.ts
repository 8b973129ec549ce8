import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { analyticsEndpoints, EVENT_ENDPOINT, VISIT_HEADER, type AnalyticsReport } from "../../contract/analytics";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { startTestApp, type TestApp, signedInAs } from "../app.test-support";

// POST /api/event and the dashboard's reads through app.inject, on SQLite and PostgreSQL.

const PASSWORD = "correct horse battery staple";
const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const browser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const today = new Date().toISOString().slice(0, 10);
const landing = { l: "/freelancers", r: "https://news.example.org", s: "linkedin", m: "social", c: "spring" };
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe.each(kinds)("the analytics API on %s", (kind) => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let cookie: string;

  const event = (body: unknown, headers: Record<string, string> = {}, remoteAddress = "203.0.113.9") =>
    t.app.inject({ method: "POST", url: EVENT_ENDPOINT, payload: typeof body === "string" ? body : JSON.stringify(body), remoteAddress, headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": browser, ...headers } });
  const report = async () => {
    await t.app.analyticsFlush?.();
    const response = await t.app.inject({ method: "GET", url: `${analyticsEndpoints.report}?from=${today}&to=${today}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<AnalyticsReport>();
  };

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    const env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "silent", ANALYTICS_RATE_LIMIT_MAX: "20", ANALYTICS_FLUSH_MS: "600000" };
    if (scratch.databaseUrl) env.DATABASE_URL = scratch.databaseUrl;
    t = await startTestApp(env);
    cookie = (await signedInAs(t.app, "owner")).cookie;
  });
  afterAll(async () => {
    await t.close();
    await scratch.drop();
  });

  it("answers a beacon 204 with nothing in the body and no cookie, and counts it", async () => {
    const response = await event({ e: "view", p: "/freelancers", x: 1, v: landing });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(response.headers["set-cookie"]).toBeUndefined();
    const { totals, referrers, campaigns } = await report();
    expect(totals).toMatchObject({ views: 1, visits: 1, visitors: 1 });
    expect(referrers[0]).toMatchObject({ key: "news.example.org", visits: 1 });
    expect(campaigns[0]).toMatchObject({ key: "spring", visits: 1 });
  });

  it("refuses malformed, oversized and foreign events, and counts none of them", async () => {
    const before = (await report()).totals.views;
    expect((await event("{not json")).statusCode).toBe(400);
    expect((await event({ e: "view", p: "https://evil.example/", v: landing })).statusCode).toBe(400);
    expect((await event({ e: "view", p: "/", v: landing, extra: 1 })).statusCode).toBe(400);
    expect((await event({ e: "click", p: "/", v: landing })).statusCode).toBe(400);
    // A continued visit is marked 1, or not at all.
    for (const n of [0, 2, "1", true]) expect((await event({ e: "view", p: "/", v: { l: "/", n } })).statusCode).toBe(400);
    expect((await event({ e: "view", p: "/", v: { ...landing, c: "x".repeat(3000) } })).statusCode).toBe(413);
    expect((await event({ e: "view", p: "/", v: landing }, { origin: "https://elsewhere.example" })).statusCode).toBe(403);
    expect((await report()).totals.views).toBe(before);
  });

  it("does not count bots, or browsers sending Global Privacy Control", async () => {
    const before = (await report()).totals.views;
    expect((await event({ e: "view", p: "/", v: landing }, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).statusCode).toBe(204);
    expect((await event({ e: "view", p: "/", v: landing }, { "sec-gpc": "1" })).statusCode).toBe(204);
    expect((await report()).totals.views).toBe(before);
  });

  it("limits events per IP address", async () => {
    const statuses = [];
    for (let i = 0; i < 22; i += 1) statuses.push((await event({ e: "view", p: "/about", v: landing }, {}, "198.51.100.200")).statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });

  it("credits an accepted enquiry to the visit the form sent, without storing that context with the lead", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: CONTACT_ENDPOINT,
      payload: { name: "Ann Example", email: "ann@example.co.uk", salutation: "Freelancer", sector: "", you_need: "", message: "" },
      headers: { "user-agent": browser, [VISIT_HEADER]: encodeURIComponent(JSON.stringify(landing)) },
    });
    expect(response.statusCode).toBe(200);
    const { pages, campaigns, forms } = await report();
    expect(pages.find((row) => row.key === "/freelancers")).toMatchObject({ enquiries: 1 });
    expect(campaigns[0]).toMatchObject({ key: "spring", enquiries: 1 });
    expect(forms.find((row) => row.form === "contact")).toMatchObject({ accepted: 1 });
    const detail = await t.app.inject({ method: "GET", url: adminEndpoints.enquiry(response.json<{ data: { id: string } }>().data.id), headers: { cookie } });
    expect(JSON.stringify(detail.json())).not.toContain("spring");
  });

  it("credits the enquiry of a page reached by a link to the landing its visitor began on, and only that visitor's", async () => {
    const address = "203.0.113.60";
    const arrival = { l: "/agencies", r: "https://mail.example.net/inbox", s: "newsletter", m: "email", c: "autumn" };
    expect((await event({ e: "view", p: "/agencies", x: 1, v: arrival }, {}, address)).statusCode).toBe(204);
    // The contact page, loaded by a link: it knows only itself, and says it continues a visit.
    const onContact = { l: "/contact", n: 1 };
    expect((await event({ e: "view", p: "/contact", v: onContact }, {}, address)).statusCode).toBe(204);
    const enquire = (email: string, userAgent: string) =>
      t.app.inject({
        method: "POST",
        url: CONTACT_ENDPOINT,
        remoteAddress: address,
        payload: { name: "Bea Example", email, salutation: "Agency", sector: "", you_need: "", message: "" },
        headers: { "user-agent": userAgent, [VISIT_HEADER]: encodeURIComponent(JSON.stringify(onContact)) },
      });
    const credited = await enquire("bea@example.co.uk", browser);
    expect(credited.statusCode).toBe(200);
    // Another browser at the same address is another visitor: its enquiry has only its own page.
    expect((await enquire("cy@example.co.uk", firefox)).statusCode).toBe(200);

    const { pages, campaigns, referrers } = await report();
    expect(pages.find((row) => row.key === "/agencies")).toMatchObject({ visits: 1, enquiries: 1 });
    expect(pages.find((row) => row.key === "/contact")).toMatchObject({ visits: 0, enquiries: 1 });
    expect(campaigns.find((row) => row.key === "autumn")).toMatchObject({ visits: 1, enquiries: 1 });
    expect(referrers.find((row) => row.key === "mail.example.net")).toMatchObject({ visits: 1, enquiries: 1 });
    const detail = await t.app.inject({ method: "GET", url: adminEndpoints.enquiry(credited.json<{ data: { id: string } }>().data.id), headers: { cookie } });
    expect(detail.statusCode).toBe(200);
    expect(JSON.stringify(detail.json())).toContain("Bea Example");
    expect(JSON.stringify(detail.json())).not.toMatch(/autumn|agencies|mail\.example/);
  });

  it("shows the dashboard and its CSV only to the signed-in owner, for a valid range", async () => {
    expect((await t.app.inject({ method: "GET", url: `${analyticsEndpoints.report}?from=${today}&to=${today}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: `${analyticsEndpoints.report}?from=${today}&to=2000-01-01`, headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    const csv = await t.app.inject({ method: "GET", url: `${analyticsEndpoints.csv}?from=${today}&to=${today}&table=pages`, headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toBe("key,views,visits,visitors,enquiries,subscriptions,conversionRate");
    expect(csv.body).toContain("/freelancers,1,1,1,1,0,1");
  });

  it("filters the form funnels by the visit's source for the dashboard and its CSV, and refuses a malformed one", async () => {
    // The leave beacon carries its page's visit, so its field trail is kept by source too.
    expect((await event({ e: "leave", p: "/contact", v: { l: "/contact", s: "Fair" }, t: [{ f: "contact", r: ["name"], l: "name" }] })).statusCode).toBe(204);
    const all = await report();
    expect(all.funnelSources).toEqual(expect.arrayContaining(["linkedin", "fair"]));
    const get = (query: string) => t.app.inject({ method: "GET", url: `${analyticsEndpoints.report}?from=${today}&to=${today}&${query}`, headers: { cookie } });
    const linkedin = (await get("source=linkedin")).json<AnalyticsReport>();
    expect(linkedin.source).toBe("linkedin");
    expect(linkedin.forms.find((row) => row.form === "contact")).toMatchObject({ accepted: 1 });
    expect(linkedin.fields.some((row) => row.left > 0)).toBe(false);
    const fair = (await get("source=fair")).json<AnalyticsReport>();
    expect(fair.forms.find((row) => row.form === "contact")).toMatchObject({ accepted: 0 });
    expect(fair.fields.find((row) => row.form === "contact" && row.page === "/contact" && row.field === "name")).toMatchObject({ reached: 1, left: 1 });
    const csv = await t.app.inject({ method: "GET", url: `${analyticsEndpoints.csv}?from=${today}&to=${today}&table=fields&source=fair`, headers: { cookie } });
    expect(csv.body).toContain("contact,/contact,(all devices),name,1,1,0,0,0,0");
    expect((await get(`source=${"x".repeat(201)}`)).statusCode).toBe(400);
    expect((await get("source=")).statusCode).toBe(400);
  });
});
