import { sql, type Kysely, type Transaction } from "kysely";
import type { Dialect } from "./database";
import { newRowId } from "./row-id";
import type { Database, OutboxChannel, OutboxRow } from "./schema";

// The outbox's SQL: rows written in a lead's transaction, claimed by one worker
// at a time (across processes and machines), and the record of every attempt.

/** An email as stored in an outbox row's payload. */
export interface EmailPayload {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

/**
 * A webhook call as stored in an outbox row's payload: the body only. The URL (which may carry the
 * CRM's credentials) and the signing secret are read from the configuration when it is sent, so
 * neither is in the store or its backups.
 */
export interface WebhookPayload {
  body: string;
}

/** A webhook call as it is sent: the stored body and the configured URL. */
export interface WebhookCall extends WebhookPayload {
  url: string;
}

export interface NewDelivery {
  channel: OutboxChannel;
  topic: "confirm-subscription" | "team-notification" | "lead-webhook" | "lead-erased";
  leadKind: "enquiry" | "subscriber";
  leadId: string;
  leadEmail: string;
  payload: EmailPayload | WebhookPayload;
}

/** Writes deliveries inside the caller's transaction (the lead's), so they commit or vanish with it. */
export async function enqueue(trx: Transaction<Database> | Kysely<Database>, deliveries: readonly NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const at = new Date().toISOString();
  const rows = deliveries.map((delivery) => ({
    id: newRowId(),
    channel: delivery.channel,
    topic: delivery.topic,
    lead_kind: delivery.leadKind,
    lead_id: delivery.leadId,
    lead_email: delivery.leadEmail.trim().toLowerCase(),
    payload: JSON.stringify(delivery.payload),
    next_attempt_at: at,
    locked_until: null,
    last_error: null,
    created_at: at,
    sent_at: null,
  }));
  await trx.insertInto("outbox").values(rows).execute();
  return rows.map((row) => row.id);
}

export interface AttemptRecord {
  ok: boolean;
  error?: string;
  response?: string;
  durationMs: number;
  attemptedAt: string;
}

export interface OutboxQueue {
  /**
   * Claims up to `limit` due rows for `leaseMs`: no other worker, in this process or
   * another sharing the database, gets them until the lease runs out or they are settled.
   */
  claim(limit: number, leaseMs: number): Promise<OutboxRow[]>;
  /** Success: the row is sent and never claimed again. False when the row is gone (erased while it was being sent): nothing is recorded. */
  markSent(row: OutboxRow, attempt: AttemptRecord): Promise<boolean>;
  /** Failure: retried at `retryAt`, or given up on (`retryAt` null) as failed. False when the row is gone, as for markSent. */
  markFailed(row: OutboxRow, attempt: AttemptRecord, retryAt: string | null): Promise<boolean>;
}

const text = (value: string | undefined, max: number) => (value === undefined ? null : value.slice(0, max));

export function createOutboxQueue(db: Kysely<Database>, dialect: Dialect): OutboxQueue {
  const recordAttempt = (trx: Transaction<Database>, row: OutboxRow, attempt: AttemptRecord) =>
    trx
      .insertInto("delivery_attempts")
      .values({
        id: newRowId(),
        outbox_id: row.id,
        attempted_at: attempt.attemptedAt,
        ok: attempt.ok ? 1 : 0,
        error: text(attempt.error, 2000),
        response: text(attempt.response, 500),
        duration_ms: Math.round(attempt.durationMs),
      })
      .execute();

  return {
    async claim(limit, leaseMs) {
      const at = new Date();
      const nowIso = at.toISOString();
      const lockedUntil = new Date(at.getTime() + leaseMs).toISOString();
      const due = (query: ReturnType<typeof db.selectFrom<"outbox">>) =>
        query
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", nowIso)
          .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
          .orderBy("next_attempt_at")
          .limit(limit);

      if (dialect === "postgres") {
        // Rows another instance is claiming right now are skipped, not waited for.
        return db.transaction().execute(async (trx) => {
          const ids = (await due(trx.selectFrom("outbox").select("id")).forUpdate().skipLocked().execute()) as { id: string }[];
          if (ids.length === 0) return [];
          return trx
            .updateTable("outbox")
            .set({ locked_until: lockedUntil })
            .where(
              "id",
              "in",
              ids.map((row) => row.id),
            )
            .returningAll()
            .execute();
        });
      }
      // SQLite: one writer at a time, so a single UPDATE … RETURNING is the claim.
      return db
        .updateTable("outbox")
        .set({ locked_until: lockedUntil })
        .where("id", "in", due(db.selectFrom("outbox").select("id")))
        .returningAll()
        .execute();
    },

    async markSent(row, attempt) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("outbox")
          .set({ status: "sent", sent_at: attempt.attemptedAt, attempts: sql`attempts + 1`, locked_until: null, last_error: null })
          .where("id", "=", row.id)
          .returning("id")
          .executeTakeFirst();
        if (!updated) return false;
        await recordAttempt(trx, row, attempt);
        return true;
      });
    },

    async markFailed(row, attempt, retryAt) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("outbox")
          .set({
            status: retryAt === null ? "failed" : "pending",
            attempts: sql`attempts + 1`,
            next_attempt_at: retryAt ?? row.next_attempt_at,
            locked_until: null,
            last_error: text(attempt.error, 2000),
          })
          .where("id", "=", row.id)
          .returning("id")
          .executeTakeFirst();
        if (!updated) return false;
        await recordAttempt(trx, row, attempt);
        return true;
      });
    },
  };
}

/**
 * The owner's retry of a delivery given up on: pending again, due now, its
 * attempts counted afresh (so the backoff starts again from the base delay),
 * its history and last error kept. Only a failed row: one pending or sent is
 * left alone. Resolves to whether the row was requeued.
 */
export async function requeueFailed(db: Kysely<Database>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now.toISOString(), locked_until: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
