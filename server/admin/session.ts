import { createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { resolvePersistedSecret } from "../secrets";

// The inbox's password and sessions. The password is kept only as a salted
// scrypt hash; sessions are stateless signed cookies, so several instances
// behind a load balancer accept each other's sessions when they share the key.

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

const sign = (key: string, data: string) => createHmac("sha256", key).update(data).digest("base64url");

/** `<expiry>.<random>.<HMAC(key, expiry.random)>`: valid until expiry, unforgeable without the key. */
export function issueSession(key: string, now = Date.now()): string {
  const data = `${now + SESSION_TTL_MS}.${randomBytes(18).toString("base64url")}`;
  return `${data}.${sign(key, data)}`;
}

export function sessionValid(key: string, token: string | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const [, expiry, random, mac] = match;
  const expected = Buffer.from(sign(key, `${expiry}.${random}`));
  const given = Buffer.from(mac ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(expiry) > now;
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
