import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Tokens in the newsletter's links. Confirmation: 32 random bytes, stored only
// as a sha256, spent on use. Unsubscribe: the subscriber id with an HMAC, so it
// needs no storage and never expires.

const TOKEN_BYTES = 32;

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, hash: hashConfirmToken(token) };
}

export const hashConfirmToken = (token: string) => createHash("sha256").update(token).digest("hex");

const mac = (secret: string, subscriberId: string) => createHmac("sha256", secret).update(`unsubscribe:${subscriberId}`).digest("base64url");

export const unsubscribeToken = (secret: string, subscriberId: string) => `${subscriberId}.${mac(secret, subscriberId)}`;

/** The subscriber id a genuine token names, or null. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 200) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
