// The /api/contactus contract without its validation code: the forms' field
// tables (form-fields.ts), limits, headers, the consent wording and the response
// shapes. Kept apart from the schema (lead.ts) so every page can use these few
// constants without downloading the validation library.
import { enquiryFields, maxLengths, wireNames } from "./form-fields";

export const CONTACT_ENDPOINT = "/api/contactus";

export * from "./form-fields";

export const limits = {
  ...maxLengths(enquiryFields),
  /** Largest request body the API reads. */
  bodyBytes: 64 * 1024,
} as const;

/** The wire names of the fields: exactly these, nothing else, go in the body. */
export const fields = {
  ...wireNames(enquiryFields),
  /** Hidden honeypot input: sent only when something filled it (a person never does). */
  honeypot: "website",
} as const;

/**
 * Anti-abuse data travels in headers, sent only to our own API (never to a foreign CRM host).
 * - Idempotency-Key: one random key per submission (e.g. crypto.randomUUID()), kept for
 *   retries of that submission; 1–200 printable ASCII characters.
 * - X-Form-Rendered-At: when the form was rendered, in milliseconds since the epoch
 *   (Date.now()). Both are optional.
 * - X-Altcha: an ALTCHA proof of work (base64 JSON) for a challenge from
 *   GET /api/contactus/challenge. Optional: a submission without it is stored,
 *   and its absence counts towards suspected spam.
 * - X-Form-Automated: "1" from a browser that reports it is driven by WebDriver
 *   (a headless bot's); counts towards suspected spam.
 * - X-Form-Shown-Ms: how long the form had been on screen at the press, by the
 *   browser's own clock (so a clock set wrong does not matter); preferred to
 *   X-Form-Rendered-At when both are sent.
 * - X-Form-Fill-Ms: from the first focus or input in a field of the form to
 *   the press; omitted when the form was started before its script arrived.
 */
export const headers = {
  idempotencyKey: "Idempotency-Key",
  renderedAt: "X-Form-Rendered-At",
  proofOfWork: "X-Altcha",
  /** "1" when the browser says it is driven by automation (navigator.webdriver). */
  automated: "X-Form-Automated",
  shownMs: "X-Form-Shown-Ms",
  fillMs: "X-Form-Fill-Ms",
} as const;

/** GET: a proof-of-work challenge (ALTCHA's JSON) the form solves in the background once the visitor starts it. */
export const CHALLENGE_ENDPOINT = `${CONTACT_ENDPOINT}/challenge`;

/**
 * POST (a form post, field `token`): the one press that sends a submission the
 * browser posted without the page's script. Until then it is held as "not
 * confirmed" (server/spam/form-confirm.ts).
 */
export const CONFIRM_ENDPOINT = `${CONTACT_ENDPOINT}/confirm`;

export const IDEMPOTENCY_KEY_MAX = 200;
/** Printable ASCII (space to tilde), at most IDEMPOTENCY_KEY_MAX characters. */
export const idempotencyKeyPattern = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** Version of the consent wording shown beside the checkbox; stored with each enquiry. */
export const CONSENT_VERSION = "2026-11-v1";
export const consentLabel = (product: string) => `I agree to be contacted by ${product} and selected partners.`;

export type FieldErrors = Record<string, string>;

export interface AcceptedResponse {
  status: true;
  message: string;
  data: { status: true; id: string };
}
export interface RejectedResponse {
  status: false;
  message: string;
  errors: FieldErrors;
  data: { status: false };
}
export type ContactUsResponse = AcceptedResponse | RejectedResponse;

/** The `message` of each answer, by outcome. The site shows its own copy; these help API clients. */
export const apiMessages = {
  subscribed: "Thanks! Please check your email to confirm.",
  enquiryReceived: "Thanks! We’ll be in touch within 1–2 business days.",
  invalid: "Please check the highlighted fields.",
  unreadable: "The form could not be read.",
  forbidden: "Submissions are not accepted from this site.",
  keyReused: "This Idempotency-Key was already used for a different submission.",
  tooLarge: `The form is too large (at most ${limits.bodyBytes / 1024} KiB).`,
  lengthRequired: "A multipart form must declare its Content-Length.",
  unsupportedType: "Send the form as multipart/form-data, application/x-www-form-urlencoded or JSON, without files.",
  tooMany: "Too many submissions. Please wait a minute and try again.",
  failed: "Something went wrong. Please try again later.",
  confirmInvalid: "This confirmation is not valid: nothing was sent.",
  confirmExpired: "This confirmation has expired: nothing was sent.",
  confirmUsed: "This was sent already, or is no longer waiting: nothing more was sent.",
  confirmEarly: "Pressed too soon: wait a few seconds and press Send again.",
} as const;
