import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

// The sign-in's limits as counters in the store, shared by every instance.
// An attempt is claimed before its password or code is checked, by one
// upsert per limit inside one transaction: the row is locked (PostgreSQL) or
// the database written by one statement at a time (SQLite) while it is
// counted, so of a burst arriving together exactly `max` find room and the
// rest are refused unchecked. A claim that finds one limit full counts
// against none of them.

/** One limit: at most `max` attempts per window of `windowMs`, counted under `key`. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export type Claim = { ok: true; attempts: number[] } | { ok: false; full: string };

export interface SignInLimits {
  /**
   * One more attempt against each limit, in order, all or none: `attempts`
   * holds each limit's count with this one; `full` names the first limit
   * without room (nothing is counted then).
   */
  claim(limits: readonly Limit[], now?: number): Promise<Claim>;
  /** One attempt given back (it was right, or never checked): the count drops by one, not below zero. */
  giveBack(key: string, now?: number): Promise<void>;
  /** The count starts again (a right password ends a run of wrong ones). */
  clear(key: string): Promise<void>;
  /** The window runs until `until` at least, its count full: nothing more is let through before then (an account's lock). */
  hold(key: string, max: number, until: number): Promise<void>;
  /** Attempts counted in the key's current window. */
  attempts(key: string, now?: number): Promise<number>;
}

const iso = (now: number) => new Date(now).toISOString();

/** Raised inside the transaction to roll back the limits already counted. */
class Full extends Error {
  constructor(readonly key: string) {
    super(`sign-in limit ${key} is full`);
  }
}

export function createSignInLimits(db: Kysely<Database>): SignInLimits {
  return {
    async claim(limits, now = Date.now()) {
      const at = iso(now);
      try {
        const attempts = await db.transaction().execute(async (trx) => {
          const counts: number[] = [];
          for (const { key, max, windowMs } of limits) {
            const ends = iso(now + windowMs);
            // A window that has ended starts again at one; otherwise one more, only while under the limit.
            // The update's WHERE failing means no row is returned: the limit is full.
            const row = await trx
              .insertInto("sign_in_limits")
              .values({ key, attempts: 1, window_ends_at: ends })
              .onConflict((conflict) =>
                conflict
                  .column("key")
                  .doUpdateSet({
                    attempts: sql<number>`case when sign_in_limits.window_ends_at <= ${at} then 1 else sign_in_limits.attempts + 1 end`,
                    window_ends_at: sql<string>`case when sign_in_limits.window_ends_at <= ${at} then cast(${ends} as text) else sign_in_limits.window_ends_at end`,
                  })
                  .where(sql<boolean>`sign_in_limits.window_ends_at <= ${at} or sign_in_limits.attempts < ${max}`),
              )
              .returning("attempts")
              .executeTakeFirst();
            if (!row) throw new Full(key);
            counts.push(Number(row.attempts));
          }
          return counts;
        });
        // Each new window is a moment to sweep the ended ones.
        if (attempts.includes(1)) await db.deleteFrom("sign_in_limits").where("window_ends_at", "<=", at).execute();
        return { ok: true, attempts };
      } catch (error) {
        if (error instanceof Full) return { ok: false, full: error.key };
        throw error;
      }
    },
    async giveBack(key, now = Date.now()) {
      await db
        .updateTable("sign_in_limits")
        .set({ attempts: sql<number>`attempts - 1` })
        .where("key", "=", key)
        .where("attempts", ">", 0)
        .where("window_ends_at", ">", iso(now))
        .execute();
    },
    async clear(key) {
      await db.deleteFrom("sign_in_limits").where("key", "=", key).execute();
    },
    async hold(key, max, until) {
      await db
        .updateTable("sign_in_limits")
        .set({ attempts: sql<number>`case when attempts < ${max} then cast(${max} as integer) else attempts end`, window_ends_at: iso(until) })
        .where("key", "=", key)
        .where("window_ends_at", "<", iso(until))
        .execute();
    },
    async attempts(key, now = Date.now()) {
      const row = await db.selectFrom("sign_in_limits").select("attempts").where("key", "=", key).where("window_ends_at", ">", iso(now)).executeTakeFirst();
      return Number(row?.attempts ?? 0);
    },
  };
}
