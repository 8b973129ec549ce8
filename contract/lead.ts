// The /api/contactus contract (spec section 7, DESIGN.md "The lead contract"):
// field names, option sets, limits, one validation schema and the response
// shapes. The only module the site and the server share.
import * as v from "valibot";

export const CONTACT_ENDPOINT = "/api/contactus";

export const roleOptions = ["Freelancer", "Agency", "Business", "Other"] as const;
export const sectorOptions = ["Healthcare", "Construction", "Engineering", "IT & Technology", "Public Sector", "Private Sector"] as const;
export const needOptions = ["Recruitment", "Payroll", "Insurance", "Mortgages/Housing", "Training", "Accounting/Finance", "Other"] as const;

export type Role = (typeof roleOptions)[number];
export type Sector = (typeof sectorOptions)[number];
export type Need = (typeof needOptions)[number];

export const limits = {
  name: 120,
  email: 254,
  phone: 40,
  message: 5000,
  /** Largest request body the API reads. */
  bodyBytes: 64 * 1024,
} as const;

/** The wire names of the fields: exactly these, nothing else, go in the body. */
export const fields = {
  email: "email",
  name: "name",
  phone: "phone",
  role: "salutation",
  sectors: "sector",
  needs: "you_need",
  message: "message",
  /** Hidden honeypot input: sent only when something filled it (a person never does). */
  honeypot: "website",
} as const;

/**
 * Anti-abuse data travels in headers, sent only to our own API (never to a foreign CRM host).
 * - Idempotency-Key: one random key per submission (e.g. crypto.randomUUID()), kept for
 *   retries of that submission; 1–200 printable ASCII characters.
 * - X-Form-Rendered-At: when the form was rendered, in milliseconds since the epoch
 *   (Date.now()). Both are optional.
 */
export const headers = {
  idempotencyKey: "Idempotency-Key",
  renderedAt: "X-Form-Rendered-At",
} as const;

export const IDEMPOTENCY_KEY_MAX = 200;
/** Printable ASCII (space to tilde), at most IDEMPOTENCY_KEY_MAX characters. */
export const idempotencyKeyPattern = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** Version of the consent wording shown beside the checkbox; stored with each enquiry. */
export const CONSENT_VERSION = "2026-11-v1";
export const consentLabel = (product: string) => `I agree to be contacted by ${product} and selected partners.`;

const trimmed = v.pipe(v.string(), v.trim());
const email = v.pipe(
  trimmed,
  v.nonEmpty("Please enter your email address."),
  v.maxLength(limits.email, `Email must be at most ${limits.email} characters.`),
  v.email("Please enter a valid email address."),
);

/** A comma-joined list on the wire; every item must come from its option set. */
function optionList<T extends string>(options: readonly T[], label: string) {
  return v.pipe(
    v.optional(trimmed, ""),
    v.transform((value) => (value === "" ? [] : value.split(",").map((item) => item.trim()).filter(Boolean))),
    v.array(v.picklist(options, `Each ${label} must be one of: ${options.join(", ")}.`)),
    v.check((items) => new Set(items).size === items.length, `Each ${label} may be chosen once.`),
  );
}

export const NewsletterSchema = v.strictObject({
  email,
  website: v.optional(v.string()),
});

export const EnquirySchema = v.strictObject({
  name: v.pipe(trimmed, v.nonEmpty("Please enter your name."), v.maxLength(limits.name, `Name must be at most ${limits.name} characters.`)),
  email,
  phone: v.pipe(v.optional(trimmed, ""), v.maxLength(limits.phone, `Phone must be at most ${limits.phone} characters.`)),
  salutation: v.picklist(roleOptions, "Please choose your role."),
  sector: optionList(sectorOptions, "sector"),
  you_need: optionList(needOptions, "need"),
  message: v.pipe(v.optional(trimmed, ""), v.maxLength(limits.message, `Message must be at most ${limits.message} characters.`)),
  website: v.optional(v.string()),
});

export type NewsletterInput = v.InferOutput<typeof NewsletterSchema>;
export type EnquiryInput = v.InferOutput<typeof EnquirySchema>;

export type FieldErrors = Record<string, string>;

export type ParsedLead =
  | { ok: true; kind: "newsletter"; lead: NewsletterInput }
  | { ok: true; kind: "enquiry"; lead: EnquiryInput }
  | { ok: false; errors: FieldErrors };

function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === "string" ? key : "body";
    const message = issue.type === "strict_object" ? "Unknown field." : issue.message;
    errors[field] ??= message;
  }
  return errors;
}

/**
 * Validates a flat body of strings. A body with `name` is an enquiry; any other
 * body is a newsletter sign-up (so an email-only body is one).
 */
export function parseLead(body: Record<string, unknown>): ParsedLead {
  if ("name" in body) {
    const result = v.safeParse(EnquirySchema, body);
    return result.success ? { ok: true, kind: "enquiry", lead: result.output } : { ok: false, errors: toFieldErrors(result.issues) };
  }
  const result = v.safeParse(NewsletterSchema, body);
  return result.success ? { ok: true, kind: "newsletter", lead: result.output } : { ok: false, errors: toFieldErrors(result.issues) };
}

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
} as const;
