import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

// Device cookies (OWASP, "Slow down online guessing attacks with device
// cookies"): a browser where a person has signed in completely gets a signed
// cookie naming them. A sign-in from it for that same person is counted
// against that device alone, never against the account's lock or the total
// from all addresses, so an attacker who locks an account, or floods the
// sign-in with made-up addresses, locks out the browsers that have never
// signed in (theirs), not the person's. Nothing is kept in the store: the
// signature is the proof, and removing the person makes it name nobody.

export const DEVICE_COOKIE = "__Host-admin-device";
/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const NONCE_BYTES = 16;
const part = /^[A-Za-z0-9_-]{1,64}$/;

export interface KnownDevice {
  personId: string;
  /** The cookie's random part: the device's own limit is counted under it. */
  device: string;
}

export interface DeviceCookies {
  /** A Set-Cookie value naming this browser as the person's. */
  issue(personId: string): string;
  /** The person and device the request's cookie names, when its signature holds. */
  read(value: string | undefined): KnownDevice | undefined;
}

/** Signed with a key derived from the session secret: changing ADMIN_SESSION_SECRET forgets every device. */
export function createDeviceCookies(sessionSecret: string): DeviceCookies {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "", "admin device cookies", 32));
  const sign = (personId: string, device: string) => createHmac("sha256", key).update(`${personId}.${device}`).digest("base64url");
  return {
    issue(personId) {
      if (!part.test(personId)) throw new Error(`A device cookie names a person by an id of A-Z a-z 0-9 _ -; got ${JSON.stringify(personId)}`);
      const device = randomBytes(NONCE_BYTES).toString("base64url");
      return `${DEVICE_COOKIE}=${personId}.${device}.${sign(personId, device)}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; Secure; SameSite=Strict`;
    },
    read(value) {
      const [personId, device, signature, ...rest] = value?.split(".") ?? [];
      if (!personId || !device || !signature || rest.length > 0 || !part.test(personId) || !part.test(device)) return undefined;
      const expected = Buffer.from(sign(personId, device));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { personId, device } : undefined;
    },
  };
}
