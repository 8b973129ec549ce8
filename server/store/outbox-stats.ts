import type { Kysely } from "kysely";
import type { Database } from "./schema";

// What the owner needs to know about the outbox at a glance: how many
// deliveries wait, how long the oldest has waited, and how many were given up.

export interface OutboxStats {
  /** Deliveries not yet sent (due now or waiting for a retry). */
  pending: number;
  /** Seconds since the oldest pending delivery was written (0 when none): emails have stopped going out when this grows. */
  oldestPendingAgeSeconds: number;
  /** Seconds the oldest delivery that is due now has been due (0 when none): the worker is stuck or too slow when this grows. */
  oldestDueAgeSeconds: number;
  /** Deliveries given up on (a permanent refusal); they wait for the owner. */
  failed: number;
}

const secondsSince = (iso: string | null | undefined, now: number) => (iso ? Math.max(0, Math.round((now - Date.parse(iso)) / 1000)) : 0);

/** Three index-backed aggregates (outbox_due covers status and next_attempt_at); cheap enough for every probe and scrape. */
export async function readOutboxStats(db: Kysely<Database>): Promise<OutboxStats> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const [pending, due, failed] = await Promise.all([
    db
      .selectFrom("outbox")
      .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.min("created_at").as("oldest")])
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.min("next_attempt_at").as("oldest"))
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", nowIso)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("status", "=", "failed")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    // PostgreSQL answers count(*) as a bigint string.
    pending: Number(pending.count),
    oldestPendingAgeSeconds: secondsSince(pending.oldest, now),
    oldestDueAgeSeconds: secondsSince(due.oldest, now),
    failed: Number(failed.count),
  };
}
