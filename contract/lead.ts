// The /api/contactus contract (docs/lead-intake.md):
// the validation schemas, used by the forms and the server, built from the
// forms' field tables (form-fields.ts). The constants live in fields.ts and are
// re-exported here.
import * as v from "valibot";
import {
  EMAIL_PATTERN,
  enquiryFields,
  fieldEntries,
  fieldMessages,
  fields,
  newsletterFields,
  type ChoiceFieldSpec,
  type ChoicesFieldSpec,
  type EnquiryFields,
  type FieldErrors,
  type FieldSpec,
  type FieldTable,
  type FieldValues,
  type LongTextFieldSpec,
  type NewsletterFields,
  type TextFieldSpec,
} from "./fields";
import { multiLineText, singleLineText } from "./input-policy";

export * from "./fields";

// Every text field goes through the one input policy (input-policy.ts): NFC, trimmed, no control characters.
const trimmed = singleLineText;
/** The email inputs' pattern, anchored as the browser anchors it. */
const emailRegExp = new RegExp(`^(?:${EMAIL_PATTERN})$`, "u");
type TextSchema = v.GenericSchema<unknown, string>;
type TextCheck = v.PipeItem<string, string, v.BaseIssue<unknown>>;

/**
 * The one place a text field's rules are built, single-line inputs and the
 * message alike: trimmed, required or not, at most its limit, an email's format.
 * Rules for all typed text (normalisation, characters refused) belong here.
 */
export function textSchema(spec: TextFieldSpec | LongTextFieldSpec): TextSchema {
  const checks: TextCheck[] = [];
  const messages = fieldMessages(spec);
  if (spec.required) checks.push(v.nonEmpty(messages.missing));
  checks.push(v.maxLength(spec.max, messages.tooLong));
  // Only an email field has a format (fieldMessages).
  if (messages.format) {
    const format = v.regex<string, string>(emailRegExp, messages.format);
    // An optional address may be left empty; one that is given must be an address.
    checks.push(spec.required ? format : v.check((value) => value === "" || v.is(v.pipe(v.string(), format), value), format.message));
  }
  const text = spec.kind === "longText" ? multiLineText : singleLineText;
  const base: TextSchema = spec.required ? text : v.optional(text, "");
  return checks.reduce<TextSchema>((schema, check) => v.pipe(schema, check), base);
}

function choiceSchema(spec: ChoiceFieldSpec) {
  const choose = fieldMessages(spec).missing;
  return spec.required ? v.picklist(spec.options, choose) : v.optional(v.union([v.literal(""), v.picklist(spec.options)], choose), "");
}

/**
 * A comma-joined list on the wire, as the form's script sends it, or the field
 * repeated once per ticked box, as the browser's own post of the form sends it;
 * every item must come from its option set.
 */
function choicesSchema(spec: ChoicesFieldSpec) {
  const list = v.pipe(
    v.optional(v.union([trimmed, v.array(trimmed)]), ""),
    v.transform((value) => (Array.isArray(value) ? value : value.split(",")).map((item) => item.trim()).filter(Boolean)),
    v.array(v.picklist(spec.options, `Each ${spec.noun} must be one of: ${spec.options.join(", ")}.`)),
    v.check((items) => new Set(items).size === items.length, `Each ${spec.noun} may be chosen once.`),
  );
  return spec.required ? v.pipe(list, v.minLength(1, fieldMessages(spec).missing)) : list;
}

function fieldSchema(spec: FieldSpec): v.GenericSchema<unknown, string | string[]> {
  switch (spec.kind) {
    case "text":
    case "longText":
      return textSchema(spec);
    case "choice":
      return choiceSchema(spec);
    case "choices":
      return choicesSchema(spec);
  }
}

const schemas = new WeakMap<FieldTable, ReturnType<typeof buildFormSchema>>();

function buildFormSchema(table: FieldTable) {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = { [fields.honeypot]: v.optional(v.string()) };
  for (const spec of Object.values(table)) entries[spec.wire] = fieldSchema(spec);
  return v.strictObject(entries);
}

/** A form's schema, keyed by the wire names of its table; the honeypot is allowed, nothing else. Built once per table. */
export function formSchema(table: FieldTable) {
  let schema = schemas.get(table);
  if (!schema) schemas.set(table, (schema = buildFormSchema(table)));
  return schema;
}

export const NewsletterSchema = formSchema(newsletterFields);
export const EnquirySchema = formSchema(enquiryFields);

/** What a valid body holds, keyed by field key ({ role } rather than { salutation }). */
export type NewsletterInput = FieldValues<NewsletterFields>;
export type EnquiryInput = FieldValues<EnquiryFields>;

export type ParsedLead =
  | { ok: true; kind: "newsletter"; lead: NewsletterInput }
  | { ok: true; kind: "enquiry"; lead: EnquiryInput }
  | { ok: false; errors: FieldErrors };

export type ParsedForm<T extends FieldTable> = { ok: true; lead: FieldValues<T> } | { ok: false; errors: FieldErrors };

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

/** Validates a flat body of strings against a form's table; errors are keyed by wire name. */
export function parseForm<T extends FieldTable>(table: T, body: Record<string, unknown>): ParsedForm<T> {
  const result = v.safeParse(formSchema(table), body);
  if (!result.success) return { ok: false, errors: toFieldErrors(result.issues) };
  // The schema gave each wire name a value of its field's kind: a list for a multiple choice, text otherwise.
  const output = result.output as Record<string, string | string[]>;
  const lead = Object.fromEntries(fieldEntries(table).map(([key, spec]) => [key, output[spec.wire]])) as FieldValues<T>;
  return { ok: true, lead };
}

/**
 * Validates a flat body of strings. A body with `name` is an enquiry; any other
 * body is a newsletter sign-up (so an email-only body is one).
 */
export function parseLead(body: Record<string, unknown>): ParsedLead {
  if (fields.name in body) {
    const parsed = parseForm(enquiryFields, body);
    return parsed.ok ? { ok: true, kind: "enquiry", lead: parsed.lead } : parsed;
  }
  const parsed = parseForm(newsletterFields, body);
  return parsed.ok ? { ok: true, kind: "newsletter", lead: parsed.lead } : parsed;
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
