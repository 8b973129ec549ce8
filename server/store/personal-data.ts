import { unlink } from "node:fs/promises";
import path from "node:path";
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from "kysely";
import type { EraseResult, PersonExport, PurgeResult } from "../../contract/admin";
import { retentionCutoffs, type RetentionPeriods } from "../../contract/retention";
import type { AnalyticsTables } from "./analytics-store";
import { signupEmailHash } from "../analytics/collector";
import { MAIL_FOLDER } from "../mail/mailer";
import { enqueue } from "./outbox-store";
import type { Dialect } from "./database";
import { enquiryValues } from "./enquiry-columns";
import type { Database } from "./schema";

// What the store does with personal data beyond taking it in: the purge of
// what has outlived its retention period, the complete erasure of one
// address, and the subject-access export of everything held about one. The
// inbox's routes and the command line call these; each answers with counts.

export interface PersonalDataOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  dataDir: string;
  periods: RetentionPeriods;
  /** Key of the analytics' pending sign-up hash (the IP-hash key); without it that row cannot be found. */
  emailHashSecret?: string;
  /** CRM forwarding: an erasure queues a signed lead.erased event to this URL. */
  webhookUrl?: string;
  /** This process's outbox worker: an erasure waits for its deliveries of the erased rows in flight. */
  outbox?: { drain(ids: readonly string[]): Promise<void> };
}

export interface PersonalData {
  purge(now?: Date): Promise<PurgeResult>;
  erase(email: string): Promise<EraseResult>;
  person(email: string): Promise<PersonExport>;
}

export const LEAD_ERASED_EVENT = "lead.erased";
/** Rows the purge deletes per transaction. */
export const PURGE_BATCH = 500;

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const count = (rows: readonly unknown[]) => rows.length;

/** A stored JSON text as its value; text that is not JSON stays text. */
function parsed(text: unknown): unknown {
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createPersonalData({ db, dialect, dataDir, periods, emailHashSecret, webhookUrl, outbox }: PersonalDataOptions): PersonalData {
  const analytics = db.withTables<AnalyticsTables>();

  /** Removes the mail files of these outbox rows; resolves to how many there were. */
  async function removeMailFiles(ids: readonly string[]): Promise<number> {
    let removed = 0;
    for (const id of ids) {
      for (const file of [`${id}.eml`, `${id}.eml.tmp`]) {
        try {
          await unlink(path.join(dataDir, MAIL_FOLDER, file));
          if (file.endsWith(".eml")) removed += 1;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    }
    return removed;
  }

  /**
   * SQLite keeps deleted bytes in the WAL until a checkpoint, and the pages it
   * freed are zeroed only with secure_delete (on for every connection,
   * store/database.ts). Truncating the WAL leaves no earlier copy of any page.
   */
  async function scrub(): Promise<void> {
    if (dialect !== "sqlite") return;
    // Busy: another connection (the export CLI) is reading an older snapshot; it is waited for a little.
    for (let tries = 0; tries < 50; tries += 1) {
      const [result] = (await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db)).rows;
      if (!result || Number(result.busy) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("Deleted, but another reader kept the old bytes in the WAL: run the same command again once it has finished.");
  }

  /** The rows of one address, matched case-insensitively: as stored, or through a lead they belong to. */
  const ofEnquiries = (address: string) => (eb: ExpressionBuilder<Database, "enquiries">) => eb(sql<string>`lower(email)`, "=", address);
  const ofSubscribers = (address: string) => (eb: ExpressionBuilder<Database, "subscribers">) => eb(sql<string>`lower(email)`, "=", address);
  const ofOutbox =
    (address: string) =>
    (eb: ExpressionBuilder<Database, "outbox">): Expression<SqlBool> =>
      eb.or([
        eb(sql<string>`lower(lead_email)`, "=", address),
        eb.and([eb("lead_kind", "=", "enquiry"), eb("lead_id", "in", eb.selectFrom("enquiries").select("id").where(ofEnquiries(address)))]),
        eb.and([eb("lead_kind", "=", "subscriber"), eb("lead_id", "in", eb.selectFrom("subscribers").select("id").where(ofSubscribers(address)))]),
      ]);

  return {
    async purge(now = new Date()) {
      const cutoff = retentionCutoffs(periods, now);
      const removed: { id: string; channel: string }[] = [];
      const total = { enquiries: 0, subscribers: 0 };
      // Deletes the deliveries of these leads (any state) with their attempts, in the caller's transaction.
      const deliveriesOf = async (trx: Transaction<Database>, kind: "enquiry" | "subscriber", ids: string[]) => {
        const rows = await trx.selectFrom("outbox").select(["id", "channel"]).where("lead_kind", "=", kind).where("lead_id", "in", ids).execute();
        await deleteDeliveries(trx, rows);
      };
      const deleteDeliveries = async (trx: Transaction<Database>, rows: { id: string; channel: string }[]) => {
        if (rows.length === 0) return;
        const ids = rows.map((row) => row.id);
        await trx.deleteFrom("delivery_attempts").where("outbox_id", "in", ids).execute();
        await trx.deleteFrom("outbox").where("id", "in", ids).execute();
        removed.push(...rows);
      };
      // In batches, each its own short transaction: a first purge of a large backlog never holds the store for long.
      const inBatches = async (step: (trx: Transaction<Database>) => Promise<number>) => {
        let done = 0;
        for (;;) {
          const count = await db.transaction().execute(step);
          done += count;
          if (count < PURGE_BATCH) return done;
        }
      };
      total.enquiries = await inBatches(async (trx) => {
        const ids = (await trx.selectFrom("enquiries").select("id").where("created_at", "<", cutoff.enquiries).limit(PURGE_BATCH).execute()).map((row) => row.id);
        if (ids.length === 0) return 0;
        await deliveriesOf(trx, "enquiry", ids);
        await trx.deleteFrom("enquiries").where("id", "in", ids).execute();
        return ids.length;
      });
      total.subscribers = await inBatches(async (trx) => {
        const ids = (
          await trx.selectFrom("subscribers").select("id").where("status", "=", "pending").where("consent_at", "<", cutoff.unconfirmedSignups).limit(PURGE_BATCH).execute()
        ).map((row) => row.id);
        if (ids.length === 0) return 0;
        await deliveriesOf(trx, "subscriber", ids);
        await trx.deleteFrom("subscribers").where("id", "in", ids).execute();
        return ids.length;
      });
      // A delivery is done when sent or given up on; its last try is sent_at, or next_attempt_at for a failed one.
      await inBatches(async (trx) => {
        const rows = await trx
          .selectFrom("outbox")
          .select(["id", "channel"])
          .where("status", "in", ["sent", "failed"])
          .where((eb) => eb(eb.fn.coalesce("sent_at", "next_attempt_at"), "<", cutoff.deliveries))
          .limit(PURGE_BATCH)
          .execute();
        await deleteDeliveries(trx, rows);
        return rows.length;
      });
      // Suspected spam has its own, shorter period (RETENTION_SPAM_DAYS), counted from receipt; it never has deliveries.
      const spam = await inBatches(async (trx) => {
        const ids = (await trx.selectFrom("suspected_spam").select("id").where("created_at", "<", cutoff.spam).limit(PURGE_BATCH).execute()).map((row) => row.id);
        if (ids.length === 0) return 0;
        await trx.deleteFrom("suspected_spam").where("id", "in", ids).execute();
        return ids.length;
      });
      await outbox?.drain(removed.map((row) => row.id));
      const mailFiles = await removeMailFiles(removed.filter((row) => row.channel === "email").map((row) => row.id));
      // The analytics' daily totals past their own period (RETENTION_ANALYTICS_MONTHS), by whole days:
      // a day holds a bounded number of rows (api caps), so one statement.
      const expired = await analytics.deleteFrom("analytics_daily").where("day", "<", cutoff.analyticsDay).executeTakeFirst();
      const analyticsRows = Number(expired.numDeletedRows);
      if (removed.length + total.enquiries + total.subscribers + spam > 0) await scrub();
      return { enquiries: total.enquiries, subscribers: total.subscribers, deliveries: removed.length, mailFiles, analyticsRows, spam };
    },

    async erase(email) {
      const address = normaliseEmail(email);
      const erased = await db.transaction().execute(async (trx) => {
        const outboxRows = await trx.selectFrom("outbox").select("id").where(ofOutbox(address)).execute();
        const outboxIds = outboxRows.map((row) => row.id);
        // One address has a handful of rows: the ids fit in one statement.
        if (outboxIds.length) {
          await trx.deleteFrom("delivery_attempts").where("outbox_id", "in", outboxIds).execute();
          await trx.deleteFrom("outbox").where("id", "in", outboxIds).execute();
        }
        const enquiries = await trx.deleteFrom("enquiries").where(ofEnquiries(address)).returning("id").execute();
        const subscribers = await trx.deleteFrom("subscribers").where(ofSubscribers(address)).returning("id").execute();
        // Held as suspected spam: never sent to the CRM, so it is not in the lead.erased event either.
        const spam = await trx.deleteFrom("suspected_spam").where("email", "=", address).returning("id").execute();
        const pendingSignups = emailHashSecret
          ? await trx
              .withTables<AnalyticsTables>()
              .deleteFrom("analytics_pending_signups")
              .where("email_hash", "=", signupEmailHash(emailHashSecret, address))
              .returning("email_hash")
              .execute()
          : [];
        // The CRM was sent these leads by id: it is told their ids, never the address, so the event itself holds nothing to erase.
        const leads = [...enquiries.map((row) => ({ kind: "enquiry" as const, id: row.id })), ...subscribers.map((row) => ({ kind: "subscriber" as const, id: row.id }))];
        const first = leads[0];
        const crmNotified = Boolean(webhookUrl && first);
        if (webhookUrl && first) {
          const body = JSON.stringify({
            type: LEAD_ERASED_EVENT,
            erased_at: new Date().toISOString(),
            leads: leads.map((lead) => ({ type: lead.kind, id: lead.id })),
          });
          await enqueue(trx, [{ channel: "webhook", topic: "lead-erased", leadKind: first.kind, leadId: first.id, leadEmail: "", payload: { body } }]);
        }
        return { outboxIds, enquiries: count(enquiries), subscribers: count(subscribers), pendingSignups: count(pendingSignups), crmNotified, spam: count(spam) };
      });
      // A delivery of an erased row in flight here finishes first; the worker then finds its row gone and removes its mail file.
      await outbox?.drain(erased.outboxIds);
      const mailFiles = await removeMailFiles(erased.outboxIds);
      await scrub();
      return {
        email: address,
        enquiries: erased.enquiries,
        subscribers: erased.subscribers,
        deliveries: erased.outboxIds.length,
        mailFiles,
        pendingSignups: erased.pendingSignups,
        crmNotified: erased.crmNotified,
        spam: erased.spam,
      };
    },

    async person(email) {
      const address = normaliseEmail(email);
      const [enquiries, subscribers, deliveries, spam] = await Promise.all([
        db.selectFrom("enquiries").selectAll().where(ofEnquiries(address)).orderBy("created_at").orderBy("id").execute(),
        db.selectFrom("subscribers").selectAll().where(ofSubscribers(address)).orderBy("created_at").orderBy("id").execute(),
        db.selectFrom("outbox").selectAll().where(ofOutbox(address)).orderBy("created_at").orderBy("id").execute(),
        db.selectFrom("suspected_spam").selectAll().where("email", "=", address).orderBy("created_at").orderBy("id").execute(),
      ]);
      const attempts = deliveries.length
        ? await db
            .selectFrom("delivery_attempts")
            .selectAll()
            .where(
              "outbox_id",
              "in",
              deliveries.map((row) => row.id),
            )
            .orderBy("attempted_at")
            .orderBy("id")
            .execute()
        : [];
      const pendingSignups = emailHashSecret
        ? await analytics.selectFrom("analytics_pending_signups").selectAll().where("email_hash", "=", signupEmailHash(emailHashSecret, address)).execute()
        : [];
      return {
        email: address,
        exportedAt: new Date().toISOString(),
        // Multiple choices are stored as JSON lists: shown as lists.
        enquiries: enquiries.map((row) => ({ ...row, ...enquiryValues(row) })),
        // The hash of an unspent confirmation token is a credential, not data about the person: only whether one is outstanding.
        subscriptions: subscribers.map(({ confirm_token_hash, ...row }) => ({ ...row, confirmation_pending: confirm_token_hash !== null })),
        deliveries: deliveries.map((row) => ({
          ...row,
          payload: parsed(row.payload),
          attempts: attempts.filter((attempt) => attempt.outbox_id === row.id).map(({ outbox_id: _outbox, ...attempt }) => attempt),
        })),
        pendingSignupAnalytics: pendingSignups,
        // Held out of the inbox and never delivered; marked so nobody reads it as an accepted lead.
        suspectedSpam: spam.map((row) => ({ ...row, suspected_spam: true, fields: parsed(row.fields), reasons: parsed(row.reasons) })),
      };
    },
  };
}
