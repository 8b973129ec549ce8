// The newsletter's double opt-in and unsubscribe API, shared by the
// confirm/unsubscribe pages and the server (the pages' own URLs are in paths.ts).

export const NEWSLETTER_CONFIRM_ENDPOINT = "/api/newsletter/confirm";
export const NEWSLETTER_UNSUBSCRIBE_ENDPOINT = "/api/newsletter/unsubscribe";

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
