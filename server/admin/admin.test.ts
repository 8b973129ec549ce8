import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints, type EnquiryDetail, type EnquirySummary, type Page, type SubscriberSummary } from "../../contract/admin";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { NEWSLETTER_CONSENT_VERSION } from "../../contract/newsletter";
import { exportColumns } from "../export";
import { openDatabase } from "../store/database";
import type { Database } from "../store/schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { ownerCookie, signIn, startTestApp, type TestApp } from "../app.test-support";
import { SESSION_COOKIE } from "./session";

// The inbox API through app.inject, on SQLite and on PostgreSQL.

const PASSWORD = "correct horse battery staple";
const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const enquiry = (fields: Record<string, string>) => ({ name: "Ann Example", email: "ann@example.co.uk", salutation: "Freelancer", sector: "", you_need: "", message: "", ...fields });

describe.each(kinds)("the inbox API on %s", (kind) => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let db: Kysely<Database>;
  let cookie: string;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { cookie, ...headers } });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: "POST", url, payload: payload as object, headers: { cookie, ...headers } });
  const submit = async (fields: Record<string, string>) => {
    const response = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: fields });
    expect(response.statusCode).toBe(200);
    // Rows created in the same millisecond have no "newest"; keep the order the test means.
    await new Promise((resolve) => setTimeout(resolve, 3));
    return (response.json() as { data: { id: string } }).data.id;
  };

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    const env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD, ADMIN_SIGNIN_MAX: "3", LOG_LEVEL: "silent" };
    if (scratch.databaseUrl) env.DATABASE_URL = scratch.databaseUrl;
    t = await startTestApp(env);
    // The tests write rows through a second connection in this same thread. On SQLite a write
    // there would wait, blocking the thread, for a transaction of the outbox worker's still
    // open; with the worker stopped the app holds no transaction between requests.
    await t.app.ready();
    await t.app.outbox.stop();
    db = (await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: t.config.dataDir })).db;
    cookie = await ownerCookie(t.app);
  });
  afterAll(async () => {
    await db.destroy();
    await t.close();
    await scratch.drop();
  });

  it("sets a host-only, HttpOnly, Secure, SameSite=Strict session cookie for 8 hours", async () => {
    const response = await signIn(t.app, { email: t.config.mail.teamEmail, password: PASSWORD }, { remoteAddress: "10.0.0.9" });
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43}; `));
    expect(header).toContain("Path=/");
    expect(header).toContain("Max-Age=28800");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("Secure");
    expect(header).toContain("SameSite=Strict");
    expect(header).not.toContain("Domain");
  });

  it("answers the status without a session, and signs out", async () => {
    expect((await t.app.inject({ method: "GET", url: adminEndpoints.status })).json()).toEqual({ enabled: true, signedIn: false });
    expect((await get(adminEndpoints.status)).json()).toEqual({ enabled: true, signedIn: true });
    // A session of its own: signing out ends it for good (the other tests keep theirs).
    const own = await signIn(t.app, { email: t.config.mail.teamEmail, password: PASSWORD }, { remoteAddress: "10.0.0.8" });
    const ownCookie = String(own.headers["set-cookie"]).split(";")[0]!;
    const out = await t.app.inject({ method: "DELETE", url: adminEndpoints.session, headers: { cookie: ownCookie } });
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    expect((await t.app.inject({ method: "GET", url: adminEndpoints.status, headers: { cookie: ownCookie } })).json()).toEqual({ enabled: true, signedIn: false });
  });

  it("answers 401 without a valid session, or with a forged one", async () => {
    const forged = `${SESSION_COOKIE}=${"A".repeat(43)}`;
    const oldStyle = `${SESSION_COOKIE}=${Date.now() + 1e6}.AAAAAAAAAAAAAAAAAAAAAAAA.${"A".repeat(43)}`;
    for (const headers of [{}, { cookie: forged }, { cookie: oldStyle }]) {
      for (const url of [adminEndpoints.enquiries, adminEndpoints.subscribers, `${adminEndpoints.exportCsv}?kind=enquiries`, adminEndpoints.enquiry(randomUUID()), "/api/admin/nothing"]) {
        const response = await t.app.inject({ method: "GET", url, headers });
        expect(response.statusCode, url).toBe(401);
      }
      expect((await t.app.inject({ method: "POST", url: adminEndpoints.erase, payload: { email: "ann@example.co.uk" }, headers })).statusCode).toBe(401);
    }
  });

  it("answers 403 to a cross-site request, even with a session", async () => {
    expect((await get(adminEndpoints.enquiries, { "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await get(adminEndpoints.enquiries, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await post(adminEndpoints.erase, { email: "ann@example.co.uk" }, { origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await get(adminEndpoints.enquiries, { "sec-fetch-site": "same-origin", origin: "http://localhost:3000" })).statusCode).toBe(200);
  });

  it("marks every answer noindex and no-store", async () => {
    for (const response of [await get(adminEndpoints.enquiries), await t.app.inject({ method: "GET", url: adminEndpoints.status })]) {
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("refuses a wrong password with 401 and rate-limits sign-in per IP", async () => {
    const attempt = (password: string) => signIn(t.app, { email: t.config.mail.teamEmail, password }, { remoteAddress: "10.0.0.1" });
    const wrong = await attempt("not the password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    expect((await attempt("still not it")).statusCode).toBe(401);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    const limited = await attempt(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["set-cookie"]).toBeUndefined();
    expect((await t.app.inject({ method: "POST", url: adminEndpoints.session, payload: {}, remoteAddress: "10.0.0.2" })).statusCode).toBe(400);
  });

  it("lists enquiries newest first, searches name and email, filters and pages", async () => {
    const tag = randomUUID().slice(0, 8);
    await submit(enquiry({ name: `Zed ${tag}`, email: `zed.${tag}@example.co.uk`, salutation: "Agency", sector: "Healthcare,IT & Technology", you_need: "Payroll" }));
    await submit(enquiry({ name: `Yan ${tag}`, email: `YAN.${tag}@Example.co.uk`, salutation: "Business", sector: "Construction", you_need: "Training,Payroll" }));
    await submit(enquiry({ name: `Xi ${tag}`, email: `xi.${tag}@example.co.uk`, salutation: "Agency", sector: "Engineering", you_need: "Insurance" }));

    const all = (await get(`${adminEndpoints.enquiries}?q=${tag}`)).json() as Page<EnquirySummary>;
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.name)).toEqual([`Xi ${tag}`, `Yan ${tag}`, `Zed ${tag}`]);
    expect(all.items[2]).toMatchObject({ sectors: ["Healthcare", "IT & Technology"], needs: ["Payroll"] });

    const byEmail = (await get(`${adminEndpoints.enquiries}?q=${encodeURIComponent(`yan.${tag}@EXAMPLE`)}`)).json() as Page<EnquirySummary>;
    expect(byEmail.items.map((item) => item.name)).toEqual([`Yan ${tag}`]);
    const byName = (await get(`${adminEndpoints.enquiries}?q=${encodeURIComponent(`zed ${tag}`.toUpperCase())}`)).json() as Page<EnquirySummary>;
    expect(byName.total).toBe(1);
    // LIKE wildcards are searched for literally.
    expect(((await get(`${adminEndpoints.enquiries}?q=%25`)).json() as Page<EnquirySummary>).total).toBe(0);

    const names = async (query: string) => ((await get(`${adminEndpoints.enquiries}?q=${tag}&${query}`)).json() as Page<EnquirySummary>).items.map((item) => item.name);
    expect(await names("role=Agency")).toEqual([`Xi ${tag}`, `Zed ${tag}`]);
    expect(await names(`sector=${encodeURIComponent("IT & Technology")}`)).toEqual([`Zed ${tag}`]);
    expect(await names("need=Payroll")).toEqual([`Yan ${tag}`, `Zed ${tag}`]);
    expect(await names("role=Agency&need=Payroll")).toEqual([`Zed ${tag}`]);

    const first = (await get(`${adminEndpoints.enquiries}?q=${tag}&pageSize=2`)).json() as Page<EnquirySummary>;
    const second = (await get(`${adminEndpoints.enquiries}?q=${tag}&pageSize=2&page=2`)).json() as Page<EnquirySummary>;
    expect([first.pages, first.items.length, second.items.length]).toEqual([2, 2, 1]);
    expect(second.items[0]!.name).toBe(`Zed ${tag}`);
  });

  it("refuses bad queries and bodies with 400", async () => {
    for (const query of ["role=King", "sector=Mining", "page=0", "page=x", "pageSize=1000", "unknown=1", `q=${"a".repeat(300)}`]) {
      expect((await get(`${adminEndpoints.enquiries}?${query}`)).statusCode, query).toBe(400);
    }
    // A search is typed text like any other: the input policy refuses what the store cannot take (a NUL on PostgreSQL).
    for (const q of ["a%00b", "a%01b", "%E2%80%AEabc"]) {
      expect((await get(`${adminEndpoints.enquiries}?q=${q}`)).statusCode, q).toBe(400);
      expect((await get(`${adminEndpoints.subscribers}?q=${q}`)).statusCode, q).toBe(400);
    }
    expect((await get(`${adminEndpoints.subscribers}?status=gone`)).statusCode).toBe(400);
    expect((await get(`${adminEndpoints.exportCsv}?kind=people`)).statusCode).toBe(400);
    expect((await post(adminEndpoints.erase, { email: "not an email" })).statusCode).toBe(400);
    expect((await post(adminEndpoints.erase, { email: "a@b.co", extra: 1 })).statusCode).toBe(400);
    expect((await get(adminEndpoints.enquiry(randomUUID()))).statusCode).toBe(404);
  });

  it("lists and filters subscribers", async () => {
    const tag = randomUUID().slice(0, 8);
    await submit({ email: `sub.${tag}@example.co.uk` });
    await submit({ email: `other.${tag}@example.co.uk` });
    await db.updateTable("subscribers").set({ status: "confirmed", confirmed_at: new Date().toISOString() }).where("email", "=", `other.${tag}@example.co.uk`).execute();
    const list = (await get(`${adminEndpoints.subscribers}?q=${tag}`)).json() as Page<SubscriberSummary>;
    expect(list.items.map((item) => item.email)).toEqual([`other.${tag}@example.co.uk`, `sub.${tag}@example.co.uk`]);
    const confirmed = (await get(`${adminEndpoints.subscribers}?q=${tag}&status=confirmed`)).json() as Page<SubscriberSummary>;
    expect(confirmed.items.map((item) => item.email)).toEqual([`other.${tag}@example.co.uk`]);
    const detail = (await get(adminEndpoints.subscriber(confirmed.items[0]!.id))).json() as { consent: { confirmedAt: string | null; consentVersion: string | null } };
    expect(detail.consent.confirmedAt).toBeTruthy();
    // The wording the person agreed to, stamped by the server: in the detail and in the export.
    expect(detail.consent.consentVersion).toBe(NEWSLETTER_CONSENT_VERSION);
    const csv = (await get(`${adminEndpoints.exportCsv}?kind=subscribers&q=${tag}`)).body.trim().split("\r\n");
    const column = csv[0]!.split(",").indexOf("consent_version");
    expect(csv.slice(1).map((line) => line.split(",")[column])).toEqual([NEWSLETTER_CONSENT_VERSION, NEWSLETTER_CONSENT_VERSION]);
  });

  /** Outbox rows as the mail worker writes them: one sent, one failed, one still pending. */
  async function deliveriesFor(id: string, email: string) {
    const at = new Date().toISOString();
    const row = (topic: string, status: "sent" | "failed" | "pending", attempts: number, lastError: string | null) => ({
      id: randomUUID(),
      channel: "email" as const,
      topic,
      lead_kind: "enquiry" as const,
      lead_id: id,
      lead_email: email.toLowerCase(),
      payload: "{}",
      status,
      attempts,
      next_attempt_at: at,
      last_error: lastError,
      created_at: at,
      sent_at: status === "sent" ? at : null,
    });
    const rows = [row("team-notification", "sent", 1, null), row("lead-webhook", "failed", 5, "HTTP 502 from CRM"), row("lead-webhook", "pending", 1, "timeout")];
    await db.insertInto("outbox").values(rows).execute();
    await db
      .insertInto("delivery_attempts")
      .values(rows.map((item) => ({ id: randomUUID(), outbox_id: item.id, attempted_at: at, ok: item.status === "sent" ? 1 : 0, error: item.last_error, response: null, duration_ms: 12 })))
      .execute();
  }

  it("shows an enquiry with its consent record and its deliveries", async () => {
    const email = `dee.${randomUUID()}@example.co.uk`;
    const id = await submit(enquiry({ name: "Dee", email, message: "<script>alert(1)</script>" }));
    await deliveriesFor(id, email);
    const detail = (await get(adminEndpoints.enquiry(id))).json() as EnquiryDetail;
    expect(detail).toMatchObject({ id, name: "Dee", email, message: "<script>alert(1)</script>" });
    expect(detail.consent.consentAt).toBeTruthy();
    expect(detail.consent.consentVersion).toBeTruthy();
    expect(detail.consent.ipHash).toMatch(/^[0-9a-f]{64}$/);
    // The inserted deliveries, beside the team notification the server itself queued for this lead.
    const stored = await db.selectFrom("outbox").select("id").where("lead_id", "=", id).execute();
    expect(detail.deliveries).toHaveLength(stored.length);
    expect(detail.deliveries.map((delivery) => [delivery.topic, delivery.status, delivery.attempts, delivery.lastError])).toEqual(
      expect.arrayContaining([
        ["lead-webhook", "failed", 5, "HTTP 502 from CRM"],
        ["lead-webhook", "pending", 1, "timeout"],
        ["team-notification", "sent", 1, null],
      ]),
    );
    const pending = detail.deliveries.find((delivery) => delivery.status === "pending" && delivery.topic === "lead-webhook")!;
    expect(pending.nextAttemptAt).toBeTruthy();
    expect(pending.history).toEqual([expect.objectContaining({ ok: false, error: "timeout" })]);
  });

  it("exports the current filter as CSV, with formulas defused", async () => {
    const tag = randomUUID().slice(0, 8);
    await submit(enquiry({ name: `=HYPERLINK("x") ${tag}`, email: `csv.${tag}@example.co.uk`, salutation: "Other", phone: "+44 20 7946 0000" }));
    await submit(enquiry({ name: `Plain ${tag}`, email: `plain.${tag}@example.co.uk`, salutation: "Agency" }));
    const response = await get(`${adminEndpoints.exportCsv}?kind=enquiries&q=${tag}&role=Other`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trim().split("\r\n");
    // The CLI's export has the same columns (cli.test.ts).
    expect(lines[0]).toBe(exportColumns.enquiries.headers.join(","));
    expect(lines[0]).toMatch(/^id,created_at,name,email,phone,role,.*,consent_at,consent_version,source_page,user_agent,ip_hash$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") ${tag}"`);
    expect(lines[1]).toContain("'+44 20 7946 0000");
    const subscribers = await get(`${adminEndpoints.exportCsv}?kind=subscribers&status=confirmed`);
    expect(subscribers.body.split("\r\n")[0]).toBe("id,created_at,updated_at,email,status,consent_at,consent_version,source_page,ip_hash,confirmed_at,confirm_ip_hash,unsubscribed_at");
  });

  it("erases everything about an email, whatever its case, and nothing else", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `erase.${tag}@example.co.uk`;
    const keep = `keep.${tag}@example.co.uk`;
    const first = await submit(enquiry({ email }));
    await submit(enquiry({ email: email.toUpperCase() }));
    await submit({ email });
    const kept = await submit(enquiry({ email: keep }));
    await submit({ email: keep });
    await deliveriesFor(first, email);
    await deliveriesFor(kept, keep);

    // Besides the inserted ones, the server queues its own deliveries (team notifications, confirmation).
    const outboxOf = (address: string) => db.selectFrom("outbox").select("id").where("lead_email", "=", address).execute();
    const erasedDeliveries = (await outboxOf(email)).length;
    const keptDeliveries = (await outboxOf(keep)).length;
    expect(erasedDeliveries).toBeGreaterThanOrEqual(3);

    const response = await post(adminEndpoints.erase, { email: `  Erase.${tag}@EXAMPLE.co.uk ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email, enquiries: 2, subscribers: 1, deliveries: erasedDeliveries, mailFiles: 0, pendingSignups: 0, crmNotified: false, spam: 0 });

    const count = async (table: "enquiries" | "subscribers", address: string) =>
      (await db.selectFrom(table).select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", address)).execute()).length;
    expect(await count("enquiries", email)).toBe(0);
    expect(await count("subscribers", email)).toBe(0);
    expect(await db.selectFrom("outbox").select("id").where("lead_email", "=", email).execute()).toEqual([]);
    expect(await count("enquiries", keep)).toBe(1);
    expect(await count("subscribers", keep)).toBe(1);
    const keptOutbox = await outboxOf(keep);
    expect(keptOutbox).toHaveLength(keptDeliveries);
    expect((await db.selectFrom("delivery_attempts").select("id").where("outbox_id", "in", keptOutbox.map((row) => row.id)).execute()).length).toBeGreaterThanOrEqual(3);
    const orphans = await db.selectFrom("delivery_attempts").leftJoin("outbox", "outbox.id", "delivery_attempts.outbox_id").select("delivery_attempts.id").where("outbox.id", "is", null).execute();
    expect(orphans).toEqual([]);
    expect(((await post(adminEndpoints.erase, { email })).json() as { enquiries: number }).enquiries).toBe(0);
  });
});

describe("the inbox switched off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: "silent" });
  });
  afterAll(() => t.close());

  it("answers 404 everywhere but the status, which says it is off", async () => {
    expect((await t.app.inject({ method: "GET", url: adminEndpoints.status })).json()).toEqual({ enabled: false, signedIn: false });
    for (const [method, url] of [["GET", adminEndpoints.enquiries], ["POST", adminEndpoints.session], ["POST", adminEndpoints.erase], ["GET", "/api/admin/other"]] as const) {
      const response = await t.app.inject({ method, url, payload: method === "POST" ? { email: "team@localhost", password: "x" } : undefined });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    }
  });

  it("sends X-Robots-Tag with the /admin page", async () => {
    const response = await t.app.inject({ method: "GET", url: "/admin" });
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect((await t.app.inject({ method: "GET", url: "/about" })).headers["x-robots-tag"]).toBeUndefined();
  });
});
