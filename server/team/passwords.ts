import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../contract/team";
import { PASSWORD_COST } from "./password-cost";
import { createWorkGate } from "./work-gate";

// The team's passwords: long enough and not a known one, no composition rules
// (NIST SP 800-63B). Stored as scrypt with a random salt per password, its
// parameters in the same string, so they can be raised later without locking
// anyone out.

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** N=2^15, r=8 needs 32 MiB; Node's default ceiling is exactly that, so give it room. */
const MAX_MEMORY = 64 * 1024 * 1024;

/**
 * Hashes running at once in this process. Each takes one of libuv's four
 * threads (and 32 MiB) for tens of milliseconds; two leave the others to the
 * store's durable writes and the site's files, so a flood of sign-ins never
 * stalls the lead intake.
 */
export const PASSWORD_HASHES_AT_ONCE = 2;
/** Hashes waiting for a place: at two at once, under a second's wait. Past it, refused (429). */
export const PASSWORD_HASHES_WAITING_MAX = 16;
/** Every scrypt of this process passes through it: sign-ins, new passwords, invitations accepted. */
export const passwordHashes = createWorkGate({ what: "password hashes", atOnce: PASSWORD_HASHES_AT_ONCE, waitingMax: PASSWORD_HASHES_WAITING_MAX });

/** The common-passwords list, lower-cased: a password in it is refused whatever its case. */
const common = new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));

/** Why a password is refused, in words for the person choosing it; undefined when it is fine. */
export function passwordProblem(password: string, email?: string): string | undefined {
  // Characters as a person counts them: an emoji is one.
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (common.has(lower)) return "That password is on a list of common passwords: choose another.";
  if (email && lower.trim() === email.trim().toLowerCase()) return "Do not use your email address as your password.";
  return undefined;
}

const derive = (password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }, keyLength: number) =>
  passwordHashes.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PASSWORD_COST, KEY_LENGTH);
  return ["scrypt", PASSWORD_COST.N, PASSWORD_COST.r, PASSWORD_COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether the password is the one hashed, compared in constant time; a malformed hash matches nothing. Rejects with GateFull when too many wait. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * A hash of no one's password, checked when the email is unknown, so an
 * unknown address takes as long to refuse as a wrong password.
 */
let dummy: Promise<string> | undefined;
export const dummyHash = () =>
  (dummy ??= hashPassword(randomBytes(32).toString("base64url")).catch((error: unknown) => {
    // Refused by a full queue (or failed): the next call tries again rather than keep the refusal.
    dummy = undefined;
    throw error;
  }));
