import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Kysely } from "kysely";
import type { Database } from "../store/schema";
import { ANONYMOUS_ACTOR } from "../store/audit";
import { resolvePersistedSecret } from "../secrets";

// The inbox's password and sessions. The password is kept only as a salted
// scrypt hash in memory. A session is a row in the store, found by the hash of
// the cookie's random id, so instances sharing the store share sessions, and
// signing out (deleting the row) ends it everywhere.

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

export const SESSION_COOKIE = "__Host-admin-session";
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
const SECRET_FILE = "admin-session.secret";

export interface PasswordCheck {
  (candidate: string): Promise<boolean>;
}

/** Hashes the configured password once; the returned check compares in constant time. */
export async function passwordChecker(password: string): Promise<PasswordCheck> {
  const salt = randomBytes(16);
  const expected = await scryptAsync(password, salt, KEY_LENGTH);
  return async (candidate) => {
    const actual = await scryptAsync(candidate, salt, KEY_LENGTH);
    return timingSafeEqual(actual, expected);
  };
}

/** ADMIN_SESSION_SECRET, or a random key generated once into dataDir (shared by instances on the same disk). */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return resolvePersistedSecret(configured, dataDir, SECRET_FILE, "ADMIN_SESSION_SECRET");
}

/** A session cookie's value: 32 random bytes, base64url. */
const SESSION_ID_BYTES = 32;
const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;
const hashSessionId = (id: string) => createHash("sha256").update(id).digest("base64url");

/** Characters of a session's id hash that name it in the audit trail: tells sessions apart, opens none. */
const ACTOR_CHARS = 12;
/** Who did something in the audit trail: the first characters of the session's id hash (never the cookie itself). */
export const sessionActor = (id: string | undefined) => (id && sessionIdPattern.test(id) ? hashSessionId(id).slice(0, ACTOR_CHARS) : ANONYMOUS_ACTOR);

/**
 * Which password sessions are opened with: an HMAC of it under the session
 * key, so instances sharing the key and the password agree, and the stored
 * value cannot be tried against guesses without the key.
 */
export const passwordFingerprint = (sessionKey: string, password: string) => createHmac("sha256", sessionKey).update(`admin-password:${password}`).digest("base64url");

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

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_TTL_MS / 1000}; HttpOnly; Secure; SameSite=Strict`;
}

export const clearedSessionCookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
