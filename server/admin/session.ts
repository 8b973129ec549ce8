import { createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { ANONYMOUS_ACTOR } from "../store/audit";
import { hashSessionId, SESSION_TTL_MS, sessionIdPattern } from "../store/session-store";
import { resolvePersistedSecret } from "../secrets";

// The inbox's password and session cookie. The password is kept only as a
// salted scrypt hash in memory; the sessions themselves are rows in the store
// (store/session-store.ts).

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

export const SESSION_COOKIE = "__Host-admin-session";
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
