import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints, type Delivery, type OwnerActionDetail, type OwnerActionEntry, type Page } from "../../contract/admin";
import { analyticsEndpoints } from "../../contract/analytics";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { runCli } from "../cli";
import { openDatabase } from "../store/database";
import type { Database } from "../store/schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { signInWithSecondStep, startTestApp, type TestApp } from "../app.test-support";
import { createAuditRetention, monthsBefore, purgeOwnerActions, recordOwnerAction } from "../store/audit";

// The audit trail on SQLite and PostgreSQL: every owner action through the
// inbox API and the command line is recorded exactly once, with counts and ids
// but none of a lead's content; its rows past their retention are purged.

const PASSWORD = "correct horse battery staple";
/** The first owner: made from ADMIN_PASSWORD with TEAM_EMAIL. */
const OWNER = "team@localhost";
const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const lead = { name: "Zed Quill", email: "zed.quill@example.co.uk", phone: "+44 7700 900999", salutation: "Agency", sector: "", you_need: "", message: "Private words about payroll" };

describe.each(kinds)("the audit trail on %s", (kind) => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let db: Kysely<Database>;

  const trail = async () => (await db.selectFrom("owner_actions").selectAll().orderBy("id").execute()).map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }));
  const inject = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, remoteAddress: "192.0.2.7", headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    const env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "silent" };
    if (scratch.databaseUrl) env.DATABASE_URL = scratch.databaseUrl;
    t = await startTestApp(env);
    // Rows are read and written through a second connection: with the worker stopped the app holds no
    // transaction between requests (admin.test.ts says why); the test runs the worker's passes itself.
    await t.app.ready();
    await t.app.outbox.stop();
    db = (await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: t.config.dataDir })).db;
  });
  afterAll(async () => {
    await db.destroy();
    await t.close();
    await scratch.drop();
  });

  it("records every owner action once, and nothing of a lead's content", async () => {
    // What visitors do is not the owner's: nothing recorded.
    const submitted = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: lead });
    const enquiryId = (submitted.json() as { data: { id: string } }).data.id;
    await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: lead.email } });
    expect(await trail()).toEqual([]);

    expect((await inject("POST", adminEndpoints.session, undefined, { email: OWNER, password: "not the password" })).statusCode).toBe(401);
    const cookie = await signInWithSecondStep(t.app, { email: OWNER, password: PASSWORD }, { remoteAddress: "192.0.2.7" });

    // Reading the trail itself is not an action; listing, searching and opening leads are.
    await inject("GET", adminEndpoints.enquiries, cookie);
    await inject("GET", adminEndpoints.activity, cookie);
    expect((await inject("GET", adminEndpoints.enquiry(enquiryId), cookie)).statusCode).toBe(200);
    const subscriberId = ((await inject("GET", adminEndpoints.subscribers, cookie)).json() as Page<{ id: string }>).items[0]!.id;
    expect((await inject("GET", adminEndpoints.subscriber(subscriberId), cookie)).statusCode).toBe(200);
    // A lead that is not there was not viewed.
    expect((await inject("GET", adminEndpoints.enquiry("00000000-0000-4000-8000-000000000000"), cookie)).statusCode).toBe(404);

    const exported = await inject("GET", `${adminEndpoints.exportCsv}?kind=enquiries&q=${encodeURIComponent(lead.name)}&role=Agency`, cookie);
    expect(exported.body).toContain(lead.email);

    // The team notification failed for good; the owner retries it and the worker delivers it.
    const team = await db.selectFrom("outbox").select("id").where("lead_id", "=", enquiryId).where("topic", "=", "team-notification").executeTakeFirstOrThrow();
    await db.updateTable("outbox").set({ status: "failed", attempts: 5, last_error: "550 mailbox unavailable" }).where("id", "=", team.id).execute();
    const retried = await inject("POST", adminEndpoints.retryDelivery(team.id), cookie);
    expect(retried.statusCode).toBe(200);
    await t.app.outbox.runOnce();

    const person = await inject("POST", adminEndpoints.person, cookie, { email: lead.email });
    expect(person.statusCode).toBe(200);
    const erased = await inject("POST", adminEndpoints.erase, cookie, { email: lead.email });
    expect(erased.json()).toMatchObject({ enquiries: 1, subscribers: 1 });
    expect((await inject("POST", adminEndpoints.purge, cookie)).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await inject("GET", `${analyticsEndpoints.csv}?from=${today}&to=${today}&table=pages`, cookie)).statusCode).toBe(200);
    const activityCsv = await inject("GET", adminEndpoints.activityCsv, cookie);
    expect(activityCsv.headers["content-disposition"]).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(activityCsv.body.split("\r\n")[0]).toBe("at,action,actor,address,detail,id");

    await inject("DELETE", adminEndpoints.session, cookie);
    // A second sign-out with the dead cookie ends nothing: not an action.
    await inject("DELETE", adminEndpoints.session, cookie);

    let out = "";
    const code = await runCli(["export", "--kind", "subscribers", "--format", "json"], { out: (text) => (out += text), err: () => undefined, env: { DATA_DIR: t.config.dataDir, DATABASE_URL: scratch.databaseUrl } });
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual([]);

    const rows = await trail();
    // The person who did it, by email.
    const actor = OWNER;
    expect(rows.map((row) => [row.action, row.actor, row.address, row.detail])).toEqual([
      ["sign-in-failed", "anonymous", "192.0.2.7", {}],
      ["sign-in", actor, "192.0.2.7", { method: "totp" }],
      ["lead-list", actor, "192.0.2.7", { kind: "enquiries", rows: 1, total: 1, page: 1, filters: "" }],
      ["lead-view", actor, "192.0.2.7", { kind: "enquiry", id: enquiryId }],
      ["lead-list", actor, "192.0.2.7", { kind: "subscribers", rows: 1, total: 1, page: 1, filters: "" }],
      ["lead-view", actor, "192.0.2.7", { kind: "subscriber", id: subscriberId }],
      ["export", actor, "192.0.2.7", { kind: "enquiries", rows: 1, filters: "q,role" }],
      ["delivery-retry", actor, "192.0.2.7", { id: team.id, topic: "team-notification" }],
      ["access-export", actor, "192.0.2.7", { enquiries: 1, subscriptions: 1, deliveries: expect.any(Number), pendingSignupAnalytics: expect.any(Number), suspectedSpam: 0 }],
      ["erase", actor, "192.0.2.7", { enquiries: 1, subscribers: 1, deliveries: expect.any(Number), mailFiles: expect.any(Number), pendingSignups: expect.any(Number), spam: 0 }],
      ["purge", actor, "192.0.2.7", { enquiries: 0, subscribers: 0, deliveries: expect.any(Number), mailFiles: expect.any(Number), analyticsRows: 0, spam: 0 }],
      ["export", actor, "192.0.2.7", { kind: "analytics-pages", rows: 0, from: today, to: today }],
      ["export", actor, "192.0.2.7", { kind: "activity", rows: 12 }],
      ["sign-out", actor, "192.0.2.7", {}],
      ["export", "cli", null, { kind: "subscribers", rows: 0, format: "json", since: null }],
    ]);
    // The activity CSV holds the rows recorded before it.
    expect(activityCsv.body.trim().split("\r\n")).toHaveLength(1 + 12);

    const stored = JSON.stringify(rows);
    for (const content of [lead.name, lead.email, lead.phone, lead.message, "zed", "Quill"]) expect(stored.toLowerCase()).not.toContain(content.toLowerCase());
  });

  it("lists the trail newest first, paged, for a signed-in owner only", async () => {
    expect((await inject("GET", adminEndpoints.activity)).statusCode).toBe(401);
    expect((await inject("GET", adminEndpoints.activityCsv)).statusCode).toBe(401);
    const cookie = await signInWithSecondStep(t.app, { email: OWNER, password: PASSWORD }, { remoteAddress: "192.0.2.7" });
    const page = (await inject("GET", `${adminEndpoints.activity}?pageSize=2`, cookie)).json() as Page<OwnerActionEntry>;
    expect(page.items.map((item) => item.action)).toEqual(["sign-in", "export"]);
    expect(page.total).toBe((await trail()).length);
    expect(page.items[1]!.detail).toEqual({ kind: "subscribers", rows: 0, format: "json", since: null });
    expect((await inject("GET", `${adminEndpoints.activity}?page=0`, cookie)).statusCode).toBe(400);
  });

  it("retries only a failed delivery, and the worker then sends it", async () => {
    const cookie = await signInWithSecondStep(t.app, { email: OWNER, password: PASSWORD }, { remoteAddress: "192.0.2.7" });
    const submitted = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { ...lead, email: "retry@example.co.uk" } });
    const enquiryId = (submitted.json() as { data: { id: string } }).data.id;
    const team = await db.selectFrom("outbox").select("id").where("lead_id", "=", enquiryId).executeTakeFirstOrThrow();

    // Pending: nothing to retry.
    expect((await inject("POST", adminEndpoints.retryDelivery(team.id), cookie)).statusCode).toBe(409);
    expect((await inject("POST", adminEndpoints.retryDelivery("00000000-0000-7000-8000-000000000000"), cookie)).statusCode).toBe(404);
    expect((await inject("POST", adminEndpoints.retryDelivery(team.id))).statusCode).toBe(401);

    await db.updateTable("outbox").set({ status: "failed", attempts: 5, last_error: "550 mailbox unavailable" }).where("id", "=", team.id).execute();
    const answer = await inject("POST", adminEndpoints.retryDelivery(team.id), cookie);
    expect(answer.json()).toMatchObject({ id: team.id, status: "pending", attempts: 0, lastError: "550 mailbox unavailable" } satisfies Partial<Delivery>);
    expect((await inject("POST", adminEndpoints.retryDelivery(team.id), cookie)).statusCode).toBe(409);

    expect(await t.app.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    const row = await db.selectFrom("outbox").select(["status", "attempts", "last_error"]).where("id", "=", team.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(await readdir(path.join(t.config.dataDir, "outbox-mail"))).toContain(`${team.id}.eml`);
    // The second 409 and the 404 were not actions.
    const retries = (await trail()).filter((item) => item.action === "delivery-retry" && item.detail.id === team.id);
    expect(retries).toHaveLength(1);
  });

  it("records each search of the leads with its count, and every refused sign-in once per window", async () => {
    const before = (await trail()).length;
    const cookie = await signInWithSecondStep(t.app, { email: OWNER, password: PASSWORD }, { remoteAddress: "192.0.2.7" });
    await inject("GET", `${adminEndpoints.enquiries}?q=${encodeURIComponent("Nobody Here")}&role=Agency`, cookie);
    await inject("DELETE", adminEndpoints.session, cookie);

    // Another client: a malformed attempt, wrong passwords, one from another site, then past the limit (5 per window by default).
    const attempt = (payload: object) => t.app.inject({ method: "POST", url: adminEndpoints.session, payload, remoteAddress: "198.51.100.4" });
    expect((await attempt({ pass: "x" })).statusCode).toBe(400);
    for (let i = 0; i < 4; i += 1) expect((await attempt({ email: OWNER, password: "not the password" })).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) {
      const crossSite = await t.app.inject({ method: "POST", url: adminEndpoints.session, payload: { email: OWNER, password: PASSWORD }, remoteAddress: "198.51.100.4", headers: { origin: "https://evil.example" } });
      expect(crossSite.statusCode).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 3; i += 1) expect((await attempt({ email: OWNER, password: PASSWORD })).statusCode).toBe(429);

    // A refusal before the check is written after the answer, once per client and window: wait for it.
    let rows = (await trail()).slice(before);
    for (let tries = 0; tries < 40 && !rows.some((row) => row.detail.reason === "rate-limited"); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      rows = (await trail()).slice(before);
    }
    expect(rows.map((row) => [row.action, row.address, row.detail])).toEqual([
      ["sign-in", "192.0.2.7", { method: "totp" }],
      ["lead-list", "192.0.2.7", { kind: "enquiries", rows: 0, total: 0, page: 1, filters: "q,role" }],
      ["sign-out", "192.0.2.7", {}],
      ["sign-in-failed", "198.51.100.4", { reason: "malformed" }],
      ...Array.from({ length: 4 }, () => ["sign-in-failed", "198.51.100.4", {}]),
      ["sign-in-failed", "198.51.100.4", { reason: "cross-site" }],
      ["sign-in-failed", "198.51.100.4", { reason: "rate-limited" }],
    ]);
    expect(JSON.stringify(rows)).not.toContain("Nobody");
  });

  it("refuses a detail that could be a lead's content", async () => {
    for (const detail of [{ name: "Zed Quill" }, { email: "zed@example.co.uk" }, { phone: "+44 7700 900999" }, { note: "x".repeat(101) }] as OwnerActionDetail[]) {
      await expect(recordOwnerAction(db, { action: "export", actor: "cli", detail })).rejects.toThrow(/never a lead's content/);
    }
  });

  it("purges exactly the rows past the trail's retention, at start and daily", async () => {
    await db.deleteFrom("owner_actions").execute();
    expect(monthsBefore(new Date("2026-11-25T12:00:00.000Z"), 24).toISOString()).toBe("2024-11-25T12:00:00.000Z");
    const now = new Date();
    const cutoff = monthsBefore(now, 24);
    const at = (ms: number) => new Date(cutoff.getTime() + ms);
    for (const [label, when] of [["old", at(-1)], ["older", at(-86_400_000)], ["edge", at(0)], ["kept", at(1)], ["new", now]] as const) {
      await recordOwnerAction(db, { action: "purge", actor: "cli", detail: { label }, at: when });
    }
    expect(await purgeOwnerActions(db, 24, now)).toBe(2);
    expect((await trail()).map((row) => row.detail.label)).toEqual(["edge", "kept", "new"]);

    // The server's schedule purges at start: a month back, only "new" is young enough.
    const logged: unknown[] = [];
    const retention = createAuditRetention({ db, months: 1, log: { info: (entry: unknown) => void logged.push(entry), error: () => undefined } as never });
    await retention.start();
    await retention.stop();
    expect((await trail()).map((row) => row.detail.label)).toEqual(["new"]);
    expect(logged).toEqual([{ removed: 2, months: 1 }]);
  });
});
