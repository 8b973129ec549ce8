import { createHmac, timingSafeEqual } from "node:crypto";

// The one press that proves a person sent a form the browser posted without
// the page's script. Such a post is exactly what a bot that reads the form's
// HTML and posts what it finds sends, so it is held as "not confirmed" and
// answered with a page showing what was sent and one button. The button's form
// carries this token: signed with a key derived from the server's secret (so
// every instance sharing it accepts the others'), bound to the held
// submission's id (random, and its row's words never change), good from CONFIRM_AFTER_MS after it was
// issued until CONFIRM_TTL_MS. It is spent by the release it causes: the held
// row is gone, so the same token again finds nothing to send.

/**
 * A press sooner than this after the page was answered is refused (and the
 * page shown again, asking to wait): a person reads the page first; a bot that
 * follows its own post at once does not.
 */
export const CONFIRM_AFTER_MS = 3000;
/** The page's button sends for this long, the lifetime of the form's proof of work too. */
export const CONFIRM_TTL_MS = 30 * 60 * 1000;
/** A token longer than this is not ours. */
const TOKEN_MAX = 200;

export type ConfirmCheck =
  /** Ours, for this submission, and in its time: the caller sends the submission if it is still held. */
  | { ok: true; id: string }
  /** Not ours: forged, altered (another submission's id in it), cut short. */
  | { ok: false; reason: "invalid" }
  /** Pressed within CONFIRM_AFTER_MS: the same token works a moment later. */
  | { ok: false; reason: "early"; id: string; waitMs: number }
  | { ok: false; reason: "expired" };

const sign = (key: Buffer, id: string, issuedAt: number) => createHmac("sha256", key).update(`send-confirm:v1:${id}:${issuedAt}`).digest("base64url");

export interface SendConfirmTokens {
  /** A token for the held submission `id`, issued now. */
  issue(id: string): string;
  /** Whether `token` is ours and may send its submission now. */
  check(token: unknown): ConfirmCheck;
}

export function sendConfirmTokens(secret: string, now: () => number = () => Date.now()): SendConfirmTokens {
  const key = createHmac("sha256", secret).update("send-confirm").digest();
  return {
    issue(id) {
      const issuedAt = now();
      return `v1.${id}.${issuedAt}.${sign(key, id, issuedAt)}`;
    },
    check(token) {
      if (typeof token !== "string" || token.length > TOKEN_MAX) return { ok: false, reason: "invalid" };
      const match = /^v1\.([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return { ok: false, reason: "invalid" };
      const [, id = "", issued = "", signature = ""] = match;
      const issuedAt = Number(issued);
      const expected = Buffer.from(sign(key, id, issuedAt));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
      const age = now() - issuedAt;
      if (age >= CONFIRM_TTL_MS) return { ok: false, reason: "expired" };
      // A token from the future was not issued by this clock.
      if (age < -CONFIRM_AFTER_MS) return { ok: false, reason: "invalid" };
      if (age < CONFIRM_AFTER_MS) return { ok: false, reason: "early", id, waitMs: CONFIRM_AFTER_MS - age };
      return { ok: true, id };
    },
  };
}
