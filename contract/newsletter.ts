// The newsletter's double opt-in and unsubscribe API, shared by the
// confirm/unsubscribe pages and the server (the pages' own URLs are in paths.ts).

export const NEWSLETTER_CONFIRM_ENDPOINT = "/api/newsletter/confirm";
export const NEWSLETTER_UNSUBSCRIBE_ENDPOINT = "/api/newsletter/unsubscribe";

/**
 * The newsletter's consent wording, shown beside its form in every page's
 * footer: signing up is agreeing to it.
 */
export const newsletterConsentText = "Guides, market updates and partner news for UK freelancers and contractors. Unsubscribe at any time.";

/** FNV-1a (32-bit) of a text, as 8 hex digits: a stable fingerprint without a crypto library in the page. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * The wording's version, derived from the wording itself, so changing the text
 * is a new version without anyone remembering to bump it. The server stores it
 * with each sign-up (consent is not a field on the wire).
 */
export const consentVersionOf = (wording: string) => `newsletter-${fingerprint(wording)}`;
export const NEWSLETTER_CONSENT_VERSION = consentVersionOf(newsletterConsentText);

/** The query parameter carrying a token in every link. */
export const TOKEN_PARAM = "token";

/** A confirmation link works this long after it was sent. */
export const CONFIRMATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Answers of POST /api/newsletter/confirm (JSON body `{token}`):
 * confirmed (also for an address already confirmed by this link's owner), expired, or invalid (unknown or used).
 */
export type ConfirmOutcome = "confirmed" | "expired" | "invalid";
/** Answers of POST /api/newsletter/unsubscribe (`?token=` or JSON body `{token}`). */
export type UnsubscribeOutcome = "unsubscribed" | "invalid";

export interface NewsletterTokenResponse<Outcome extends string> {
  outcome: Outcome;
}
