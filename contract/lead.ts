// The /api/contactus contract (spec section 7, DESIGN.md "The lead contract"):
// the one validation schema, used by the forms and the server. The constants it
// is built from live in fields.ts and are re-exported here. The only modules
// the site and the server share.
import * as v from "valibot";
import { limits, needOptions, roleOptions, sectorOptions, type FieldErrors } from "./fields";
import { multiLineText, singleLineText } from "./input-policy";

export * from "./fields";

// Every text field goes through the one input policy (input-policy.ts).
const trimmed = singleLineText;
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
  message: v.pipe(v.optional(multiLineText, ""), v.maxLength(limits.message, `Message must be at most ${limits.message} characters.`)),
  website: v.optional(v.string()),
});

export type NewsletterInput = v.InferOutput<typeof NewsletterSchema>;
export type EnquiryInput = v.InferOutput<typeof EnquirySchema>;

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

/**
 * The page a browser's own form post gets when this contract refuses its fields
 * (the server writes it, server/api/refusal-page.ts; the browser tests read it).
 */
export const refusalPageCopy = {
  title: "Please check your details",
  nothingSent: "Nothing was sent yet.",
  wayBack: "Go back to the form with your browser’s Back button: what you typed is still there. Correct these and send it again:",
  link: "Open the form again",
} as const;
