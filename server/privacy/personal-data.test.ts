import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyValues, enquiryFields } from "../../contract/fields";
import { retentionDefaults } from "../../contract/retention";
import type { AnalyticsTables } from "../store/analytics-store";
import { signupEmailHash } from "../analytics/collector";
import { MAIL_FOLDER } from "../mail/mailer";
import { createOutboxQueue } from "../store/outbox-store";
import { createOutboxWorker } from "../outbox/worker";
import { openDatabase, type Dialect } from "../store/database";
import { enquiryColumns } from "../store/enquiry-columns";
import type { Database, OutboxStatus, SubscriberStatus } from "../store/schema";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { createPersonalData, PURGE_BATCH } from "../store/personal-data";

// The purge (with a fixed clock), the subject-access export and an erasure
// racing a delivery, against the store itself on SQLite and PostgreSQL.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const NOW = new Date("2026-06-15T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
/** The instants just past, and just inside, each period at NOW (24 months, 30 days, 30 days). */
const enquiryCutoff = "2024-06-15T12:00:00.000Z";
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();
const SECRET = "s".repeat(32);

describe.each(kinds)("personal data on %s", (kind) => {
  let scratch: ScratchDatabase;
  let db: Kysely<Database>;
  let dialect: Dialect;

  beforeEach(async () => {
    scratch = await scratchDatabase(kind);
    ({ db, dialect } = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir }));
  });
  afterEach(async () => {
    await db.destroy();
    await scratch.drop();
  });

  const personalData = (extra: Partial<Parameters<typeof createPersonalData>[0]> = {}) =>
    createPersonalData({ db, dialect, dataDir: scratch.dataDir, periods: retentionDefaults, emailHashSecret: SECRET, ...extra });

  const enquiry = (id: string, email: string, createdAt: string) =>
    db
      .insertInto("enquiries")
      .values({
        id,
        ...enquiryColumns({ ...emptyValues(enquiryFields), name: `Name ${id}`, email, role: "Agency", sectors: ["Healthcare"], message: `Message of ${id}` }),
        consent_at: createdAt,
        consent_version: "v1",
        source_page: "/contact",
        user_agent: "ua",
        ip_hash: "h",
        idempotency_key: `key-${id}`,
        created_at: createdAt,
      })
      .execute();
  const subscriber = (id: string, email: string, status: SubscriberStatus, createdAt: string, consentAt = createdAt) =>
    db
      .insertInto("subscribers")
      .values({ id, email, status, created_at: createdAt, updated_at: consentAt, consent_at: consentAt, ip_hash: null, source_page: "/", confirm_token_hash: status === "pending" ? `token-${id}` : null })
      .execute();
  const delivery = async (
    id: string,
    lead: { kind: "enquiry" | "subscriber"; id: string; email: string },
    status: OutboxStatus,
    at: { created: string; sent?: string; next?: string },
    channel: "email" | "webhook" = "email",
  ) => {
    await db
      .insertInto("outbox")
      .values({
        id,
        channel,
        topic: channel === "email" ? "team-notification" : "lead-webhook",
        lead_kind: lead.kind,
        lead_id: lead.id,
        lead_email: lead.email,
        payload: JSON.stringify({ to: "team@example.co.uk", text: `about ${lead.email}` }),
        status,
        attempts: status === "pending" ? 0 : 1,
        next_attempt_at: at.next ?? at.created,
        locked_until: null,
        last_error: status === "failed" ? "550 no" : null,
        created_at: at.created,
        sent_at: at.sent ?? null,
      })
      .execute();
    if (status !== "pending") {
      await db.insertInto("delivery_attempts").values({ id: `${id}-a`, outbox_id: id, attempted_at: at.sent ?? at.next ?? at.created, ok: status === "sent" ? 1 : 0, error: null, response: "250", duration_ms: 5 }).execute();
    }
    if (channel === "email") {
      await mkdir(path.join(scratch.dataDir, MAIL_FOLDER), { recursive: true });
      await writeFile(path.join(scratch.dataDir, MAIL_FOLDER, `${id}.eml`), `To: team\n\nabout ${lead.email}\n`);
    }
  };
  const ids = async (table: "enquiries" | "subscribers" | "outbox" | "delivery_attempts") =>
    (await db.selectFrom(table).select("id").orderBy("id").execute()).map((row) => row.id);
  const mailFiles = async () => (await readdir(path.join(scratch.dataDir, MAIL_FOLDER))).sort();

  it("purges exactly what is past its period at the given time, and nothing else", async () => {
    // Enquiries: 24 months counted from receipt.
    await enquiry("e-old", "old@example.co.uk", justBefore(enquiryCutoff));
    await enquiry("e-edge", "edge@example.co.uk", enquiryCutoff);
    await enquiry("e-new", "new@example.co.uk", ago(DAY));
    // Sign-ups: only pending ones, 30 days from the (latest) sign-up.
    await subscriber("s-pending-old", "p1@example.co.uk", "pending", justBefore(ago(30 * DAY)));
    await subscriber("s-pending-edge", "p2@example.co.uk", "pending", ago(30 * DAY));
    await subscriber("s-resigned", "p3@example.co.uk", "pending", ago(400 * DAY), ago(2 * DAY));
    await subscriber("s-confirmed-old", "c@example.co.uk", "confirmed", ago(900 * DAY));
    await subscriber("s-unsubscribed-old", "u@example.co.uk", "unsubscribed", ago(900 * DAY));
    // Deliveries: sent or failed, 30 days from the last try; and every one of an expiring lead.
    const newLead = { kind: "enquiry" as const, id: "e-new", email: "new@example.co.uk" };
    await delivery("o-sent-old", newLead, "sent", { created: ago(40 * DAY), sent: justBefore(ago(30 * DAY)) });
    await delivery("o-sent-edge", newLead, "sent", { created: ago(40 * DAY), sent: ago(30 * DAY) });
    await delivery("o-failed-old", newLead, "failed", { created: ago(60 * DAY), next: ago(31 * DAY) }, "webhook");
    await delivery("o-failed-new", newLead, "failed", { created: ago(60 * DAY), next: ago(29 * DAY) }, "webhook");
    await delivery("o-pending-long", newLead, "pending", { created: ago(90 * DAY), next: ago(DAY) });
    await delivery("o-of-old-enquiry", { kind: "enquiry", id: "e-old", email: "old@example.co.uk" }, "pending", { created: ago(DAY) });
    await delivery("o-of-old-signup", { kind: "subscriber", id: "s-pending-old", email: "p1@example.co.uk" }, "sent", { created: ago(DAY), sent: ago(DAY) });
    await delivery("o-of-confirmed", { kind: "subscriber", id: "s-confirmed-old", email: "c@example.co.uk" }, "sent", { created: ago(DAY), sent: ago(DAY) });

    const result = await personalData().purge(NOW);

    expect(result).toEqual({ enquiries: 1, subscribers: 1, deliveries: 4, mailFiles: 3, analyticsRows: 0, spam: 0 });
    expect(await ids("enquiries")).toEqual(["e-edge", "e-new"]);
    expect(await ids("subscribers")).toEqual(["s-confirmed-old", "s-pending-edge", "s-resigned", "s-unsubscribed-old"]);
    expect(await ids("outbox")).toEqual(["o-failed-new", "o-of-confirmed", "o-pending-long", "o-sent-edge"]);
    expect(await ids("delivery_attempts")).toEqual(["o-failed-new-a", "o-of-confirmed-a", "o-sent-edge-a"]);
    expect(await mailFiles()).toEqual(["o-of-confirmed.eml", "o-pending-long.eml", "o-sent-edge.eml"]);
    // Run again at the same time: nothing more has expired.
    expect(await personalData().purge(NOW)).toEqual({ enquiries: 0, subscribers: 0, deliveries: 0, mailFiles: 0, analyticsRows: 0, spam: 0 });
  });

  it("purges the analytics' daily rows past RETENTION_ANALYTICS_MONTHS, by whole days", async () => {
    const analytics = db.withTables<AnalyticsTables>();
    // At NOW (2026-06-15) with 24 months, 2024-06-15 is the oldest day kept.
    for (const day of ["2024-06-13", "2024-06-14", "2024-06-15", "2026-06-15"]) {
      await analytics.insertInto("analytics_daily").values({ day, metric: "view", dimension: "page", key: "/", count: 3 }).execute();
    }
    expect(await personalData().purge(NOW)).toMatchObject({ analyticsRows: 2 });
    expect((await analytics.selectFrom("analytics_daily").select("day").orderBy("day").execute()).map((row) => row.day)).toEqual(["2024-06-15", "2026-06-15"]);
    expect(await personalData({ periods: { ...retentionDefaults, analyticsMonths: 1 } }).purge(NOW)).toMatchObject({ analyticsRows: 1 });
  });

  it("purges a backlog larger than one batch", async () => {
    const rows = Array.from({ length: 2 * PURGE_BATCH + 1 }, (_, n) => ({
      id: `e-${n}`,
      ...enquiryColumns({ ...emptyValues(enquiryFields), name: "Old", email: `old${n}@example.co.uk`, role: "Agency" }),
      consent_at: ago(800 * DAY),
      consent_version: "v1",
      source_page: null,
      user_agent: null,
      ip_hash: null,
      idempotency_key: null,
      created_at: ago(800 * DAY),
    }));
    for (let start = 0; start < rows.length; start += 100) await db.insertInto("enquiries").values(rows.slice(start, start + 100)).execute();
    await enquiry("e-new", "new@example.co.uk", ago(DAY));
    expect((await personalData().purge(NOW)).enquiries).toBe(2 * PURGE_BATCH + 1);
    expect(await ids("enquiries")).toEqual(["e-new"]);
  });

  it("purges by the configured periods", async () => {
    await enquiry("e-13-months", "a@example.co.uk", ago(400 * DAY));
    await enquiry("e-11-months", "b@example.co.uk", ago(330 * DAY));
    const result = await personalData({ periods: { ...retentionDefaults, enquiryMonths: 12 } }).purge(NOW);
    expect(result.enquiries).toBe(1);
    expect(await ids("enquiries")).toEqual(["e-11-months"]);
  });

  it("exports every record the store holds for an address, whatever its case, and nothing of anyone else", async () => {
    const person = "Pat.Person@Example.co.uk";
    const address = person.toLowerCase();
    await enquiry("e-1", person, ago(3 * DAY));
    await enquiry("e-2", address, ago(2 * DAY));
    await enquiry("e-other", "other@example.co.uk", ago(2 * DAY));
    await subscriber("s-1", address, "confirmed", ago(5 * DAY));
    await subscriber("s-other", "other@example.co.uk", "pending", ago(5 * DAY));
    await delivery("o-1", { kind: "enquiry", id: "e-1", email: address }, "sent", { created: ago(3 * DAY), sent: ago(3 * DAY) });
    await delivery("o-2", { kind: "enquiry", id: "e-2", email: address }, "failed", { created: ago(2 * DAY), next: ago(DAY) }, "webhook");
    await delivery("o-3", { kind: "subscriber", id: "s-1", email: address }, "pending", { created: ago(DAY) });
    // Found through its lead even if the address it was filed under differs.
    await delivery("o-4", { kind: "enquiry", id: "e-1", email: "typo@example.co.uk" }, "sent", { created: ago(DAY), sent: ago(DAY) });
    await delivery("o-other", { kind: "enquiry", id: "e-other", email: "other@example.co.uk" }, "sent", { created: ago(DAY), sent: ago(DAY) });
    const analytics = db.withTables<AnalyticsTables>();
    const pending = { page: "/", referrer: "", source: "news", medium: "email", campaign: "spring", device: "phone" as const, created_at: ago(DAY) };
    await analytics.insertInto("analytics_pending_signups").values({ email_hash: signupEmailHash(SECRET, address), ...pending }).execute();
    await analytics.insertInto("analytics_pending_signups").values({ email_hash: signupEmailHash(SECRET, "other@example.co.uk"), ...pending }).execute();

    const record = await personalData().person(` ${person.toUpperCase()} `);

    expect(record.email).toBe(address);
    expect(record.enquiries.map((row) => row.id)).toEqual(["e-1", "e-2"]);
    expect(record.enquiries[0]).toMatchObject({ name: "Name e-1", email: person, sectors: ["Healthcare"], message: "Message of e-1", consent_version: "v1", ip_hash: "h" });
    expect(record.subscriptions.map((row) => row.id)).toEqual(["s-1"]);
    expect(record.subscriptions[0]).toMatchObject({ status: "confirmed", consent_at: ago(5 * DAY), confirmation_pending: false });
    expect(record.subscriptions[0]).not.toHaveProperty("confirm_token_hash");
    expect(record.deliveries.map((row) => row.id).sort()).toEqual(["o-1", "o-2", "o-3", "o-4"]);
    const failed = record.deliveries.find((row) => row.id === "o-2")!;
    expect(failed).toMatchObject({ status: "failed", last_error: "550 no", payload: { text: `about ${address}` } });
    expect(failed.attempts).toEqual([expect.objectContaining({ id: "o-2-a", ok: 0 })]);
    expect(record.pendingSignupAnalytics).toEqual([expect.objectContaining({ campaign: "spring", source: "news" })]);
    expect(JSON.stringify(record)).not.toContain("other@example.co.uk");
  });

  it("erases every row naming the address, the analytics' sign-up context among them, and nothing of anyone else", async () => {
    const address = "gone@example.co.uk";
    await enquiry("e-gone", "Gone@Example.co.uk", ago(DAY));
    await enquiry("e-kept", "kept@example.co.uk", ago(DAY));
    await subscriber("s-gone", address, "pending", ago(DAY));
    await delivery("o-gone", { kind: "subscriber", id: "s-gone", email: address }, "sent", { created: ago(DAY), sent: ago(DAY) });
    await delivery("o-kept", { kind: "enquiry", id: "e-kept", email: "kept@example.co.uk" }, "sent", { created: ago(DAY), sent: ago(DAY) });
    const analytics = db.withTables<AnalyticsTables>();
    const pending = { page: "/", referrer: "", source: "", medium: "", campaign: "", device: "desktop" as const, created_at: ago(DAY) };
    await analytics.insertInto("analytics_pending_signups").values({ email_hash: signupEmailHash(SECRET, address), ...pending }).execute();
    await analytics.insertInto("analytics_pending_signups").values({ email_hash: signupEmailHash(SECRET, "kept@example.co.uk"), ...pending }).execute();

    expect(await personalData().erase(address)).toEqual({ email: address, enquiries: 1, subscribers: 1, deliveries: 1, mailFiles: 1, pendingSignups: 1, crmNotified: false, spam: 0 });
    expect(await ids("enquiries")).toEqual(["e-kept"]);
    expect(await ids("subscribers")).toEqual([]);
    expect(await ids("outbox")).toEqual(["o-kept"]);
    expect(await ids("delivery_attempts")).toEqual(["o-kept-a"]);
    expect(await mailFiles()).toEqual(["o-kept.eml"]);
    expect((await analytics.selectFrom("analytics_pending_signups").select("email_hash").execute()).map((row) => row.email_hash)).toEqual([signupEmailHash(SECRET, "kept@example.co.uk")]);
  });

  it("erases during a delivery of one of the address's rows: waits for it, records nothing, and leaves no mail file", async () => {
    const address = "racing@example.co.uk";
    await enquiry("e-race", address, ago(DAY));
    await delivery("o-race", { kind: "enquiry", id: "e-race", email: address }, "pending", { created: ago(DAY), next: ago(DAY) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const discarded: string[] = [];
    const worker = createOutboxWorker({
      queue: createOutboxQueue(db, dialect),
      pollMs: 60_000,
      baseDelayMs: 10,
      maxDelayMs: 10,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      // The file mailer's last step, after the erasure has begun.
      deliver: async (row) => {
        started();
        await gate;
        await writeFile(path.join(scratch.dataDir, MAIL_FOLDER, `${row.id}.eml`), `about ${address}`);
        return "written";
      },
      discard: async (row) => {
        discarded.push(row.id);
        await import("node:fs/promises").then(({ rm }) => rm(path.join(scratch.dataDir, MAIL_FOLDER, `${row.id}.eml`), { force: true }));
      },
    });
    const pass = worker.runOnce();
    await sending;
    let erased = false;
    const erasure = personalData({ outbox: worker })
      .erase(address)
      .then((result) => {
        erased = true;
        return result;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The erasure has deleted the rows but waits for the delivery in flight.
    expect(erased).toBe(false);
    release();
    expect(await erasure).toMatchObject({ enquiries: 1, deliveries: 1 });
    await pass;
    expect(discarded).toEqual(["o-race"]);
    expect(await mailFiles()).toEqual([]);
    expect(await ids("delivery_attempts")).toEqual([]);
    // Nothing left to send.
    expect(await worker.runOnce()).toBe(0);
  });
});
