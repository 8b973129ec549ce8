import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

// The owner's sessions. A session is a row in the store, found by the hash of
// the cookie's random id, so instances sharing the store share sessions, and
// signing out (deleting the row) ends it everywhere.

export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** A session cookie's value: 32 random bytes, base64url. */
const SESSION_ID_BYTES = 32;
export const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;
export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("base64url");

export interface SessionStore {
  /** Opens a session; answers the cookie's value (never stored as such). */
  open(now?: number): Promise<string>;
  /** Whether the cookie's value names a live session opened with the current password. */
  valid(id: string | undefined, now?: number): Promise<boolean>;
  /** Ends the session, for every instance sharing the store. */
  end(id: string | undefined): Promise<void>;
}

/** Sessions as rows in the store (SQLite or PostgreSQL), tied to the password they were opened with. */
export function createSessionStore(db: Kysely<Database>, fingerprint: string): SessionStore {
  return {
    async open(now = Date.now()) {
      const id = randomBytes(SESSION_ID_BYTES).toString("base64url");
      const at = new Date(now).toISOString();
      // Sweep the expired ones now and then: each sign-in is a good moment.
      await db.deleteFrom("admin_sessions").where("expires_at", "<=", at).execute();
      await db
        .insertInto("admin_sessions")
        .values({ id_hash: hashSessionId(id), password_fingerprint: fingerprint, created_at: at, expires_at: new Date(now + SESSION_TTL_MS).toISOString() })
        .execute();
      return id;
    },
    async valid(id, now = Date.now()) {
      if (!id || !sessionIdPattern.test(id)) return false;
      const row = await db
        .selectFrom("admin_sessions")
        .select(["password_fingerprint", "expires_at"])
        .where("id_hash", "=", hashSessionId(id))
        .executeTakeFirst();
      if (!row || row.expires_at <= new Date(now).toISOString()) return false;
      const given = Buffer.from(row.password_fingerprint);
      const expected = Buffer.from(fingerprint);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async end(id) {
      if (!id || !sessionIdPattern.test(id)) return;
      await db.deleteFrom("admin_sessions").where("id_hash", "=", hashSessionId(id)).execute();
    },
  };
}

