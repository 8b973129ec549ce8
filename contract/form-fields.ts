// One table per form: every fact about each field, once. The validation schema
// (lead.ts), the forms' inputs, the team email, the CRM webhook, the inbox, the
// store's columns and both exports are built from these tables by the functions
// below and beside their users. Plain data and types, no validation library, so
// every page can load it. Adding a field: contract/README.md.

export const roleOptions = ["Freelancer", "Agency", "Business", "Other"] as const;
export const sectorOptions = ["Healthcare", "Construction", "Engineering", "IT & Technology", "Public Sector", "Private Sector"] as const;
export const needOptions = ["Recruitment", "Payroll", "Insurance", "Mortgages/Housing", "Training", "Accounting/Finance", "Other"] as const;

export type Role = (typeof roleOptions)[number];
export type Sector = (typeof sectorOptions)[number];
export type Need = (typeof needOptions)[number];

interface FieldFacts {
  /** Its name in the request body: the wire format other clients of /api/contactus rely on. */
  wire: string;
  /** Its label on the form. */
  label: string;
  /** Its name in the team email, the inbox, and the messages about it ("Name must be at most …"). */
  reportLabel: string;
  /** What the visitor is asked for, in lower case: "Please enter your {noun}." An option field's inbox filter is named after it. */
  noun: string;
  required: boolean;
  /** Its column header in both exports (CSV and JSON). */
  csv: string;
  /** Shown as a column of the inbox's list (every field is in a lead's details). */
  inInboxList?: boolean;
  /**
   * Personal data: how the privacy policy's list of what a form collects
   * names it ("phone number"), or false. The server's logs censor every
   * personal field (server/logging.ts).
   */
  personal: string | false;
}

/** A one-line text input. */
export interface TextFieldSpec extends FieldFacts {
  kind: "text";
  input: "text" | "email" | "tel" | "url";
  autocomplete: string;
  max: number;
}

/** A textarea. */
export interface LongTextFieldSpec extends FieldFacts {
  kind: "longText";
  max: number;
  rows: number;
}

/** One option of a set (a select). */
export interface ChoiceFieldSpec extends FieldFacts {
  kind: "choice";
  options: readonly string[];
  /** The select's first, empty option. */
  placeholder: string;
}

/** Any number of options of a set (checkboxes; comma-joined on the wire). */
export interface ChoicesFieldSpec extends FieldFacts {
  kind: "choices";
  options: readonly string[];
}

export type FieldSpec = TextFieldSpec | LongTextFieldSpec | ChoiceFieldSpec | ChoicesFieldSpec;
export type OptionFieldSpec = ChoiceFieldSpec | ChoicesFieldSpec;
/** Field key (its name in code, the store's column and the inbox API) → its facts. */
export type FieldTable = Readonly<Record<string, FieldSpec>>;

const EMAIL_MAX = 254;

/** "a, b or c": a choice's options as the privacy policy lists them. */
const orList = (options: readonly string[]) => new Intl.ListFormat("en-GB", { type: "disjunction" }).format(options.map((option) => option.toLowerCase()));

/**
 * What an email address must look like: the server's rule, and the email inputs'
 * `pattern` attribute, so the browser checks the same before any script (and the
 * head script reads its verdict). Written for the attribute (compiled with the
 * `v` flag and anchored by the browser); lead.ts anchors it for valibot.
 */
export const EMAIL_PATTERN = "[\\w+\\-]+(?:\\.[\\w+\\-]+)*@[\\da-zA-Z]+(?:[.\\-][\\da-zA-Z]+)*\\.[a-zA-Z]{2,}";

/** The email address, the same in both forms. */
const emailField = {
  kind: "text",
  wire: "email",
  label: "Email",
  reportLabel: "Email",
  noun: "email address",
  input: "email",
  autocomplete: "email",
  required: true,
  max: EMAIL_MAX,
  csv: "email",
  inInboxList: true,
  personal: "email address",
} as const satisfies TextFieldSpec;

/** The contact page's enquiry, in the form's order. */
export const enquiryFields = {
  name: {
    kind: "text", wire: "name", label: "Name", reportLabel: "Name", noun: "name",
    input: "text", autocomplete: "name", required: true, max: 120, csv: "name", inInboxList: true, personal: "name",
  },
  email: emailField,
  phone: {
    kind: "text", wire: "phone", label: "Phone", reportLabel: "Phone", noun: "phone number",
    input: "tel", autocomplete: "tel", required: false, max: 40, csv: "phone", personal: "phone number",
  },
  role: {
    kind: "choice", wire: "salutation", label: "I am a", reportLabel: "Role", noun: "role",
    options: roleOptions, placeholder: "Choose your role", required: true, csv: "role", inInboxList: true,
    personal: `role (${orList(roleOptions)})`,
  },
  sectors: {
    kind: "choices", wire: "sector", label: "Sectors", reportLabel: "Sectors", noun: "sector",
    options: sectorOptions, required: false, csv: "sectors", inInboxList: true, personal: "the sectors you work in",
  },
  needs: {
    kind: "choices", wire: "you_need", label: "What you need", reportLabel: "Needs", noun: "need",
    options: needOptions, required: false, csv: "needs", inInboxList: true, personal: "what you need help with",
  },
  message: {
    kind: "longText", wire: "message", label: "Message", reportLabel: "Message", noun: "message",
    required: false, max: 5000, rows: 5, csv: "message", personal: "your message",
  },
} as const satisfies FieldTable;

/** The footer's newsletter sign-up. */
export const newsletterFields = {
  email: { ...emailField, label: "Email address" },
} as const satisfies FieldTable;

export type EnquiryFields = typeof enquiryFields;
export type NewsletterFields = typeof newsletterFields;

/** A field's value once read: a list for a multiple choice, text for the rest. */
export type FieldValue<F extends FieldSpec> = F extends { kind: "choices" } ? readonly string[] : string;
export type FieldValues<T extends FieldTable> = { -readonly [K in keyof T]: FieldValue<T[K]> };
/** The enquiry's fields, keyed by field key (not wire name). */
export type EnquiryValues = FieldValues<EnquiryFields>;

/** The messages a field's checks give, in the visitor's words: the server's, the forms' and the head script's. */
export function fieldMessages(spec: TextFieldSpec | LongTextFieldSpec): { missing: string; format?: string; tooLong: string };
export function fieldMessages(spec: FieldSpec): { missing: string; format?: string; tooLong?: string };
export function fieldMessages(spec: FieldSpec): { missing: string; format?: string; tooLong?: string } {
  switch (spec.kind) {
    case "text":
    case "longText":
      return {
        missing: `Please enter your ${spec.noun}.`,
        format: spec.kind === "text" && spec.input === "email" ? `Please enter a valid ${spec.noun}.` : undefined,
        tooLong: `${spec.reportLabel} must be at most ${spec.max} characters.`,
      };
    case "choice":
      return { missing: `Please choose your ${spec.noun}.` };
    case "choices":
      return { missing: `Please choose at least one ${spec.noun}.` };
  }
}

/** The table's entries, in its order. */
export const fieldEntries = <T extends FieldTable>(table: T) => Object.entries(table) as [keyof T & string, T[keyof T]][];

/** The personal fields' names as the privacy policy lists them, the required ones apart from the rest, in the table's order. */
export function personalFields(table: FieldTable): { required: string[]; optional: string[] } {
  const named = (required: boolean) => Object.values(table).flatMap((spec) => (spec.personal !== false && spec.required === required ? [spec.personal] : []));
  return { required: named(true), optional: named(false) };
}

const isOptionField = <F extends FieldSpec>(spec: F): spec is Extract<F, OptionFieldSpec> => spec.kind === "choice" || spec.kind === "choices";

export interface InboxFilter {
  /** The field's key: its column in the store. */
  key: string;
  /** Its query parameter in the inbox API: the field's noun (role, sector, need). */
  param: string;
  label: string;
  options: readonly string[];
  /** A multiple choice: the filter matches one item of the stored list. */
  list: boolean;
}

/** The inbox's filters: one per option field of the table, in its order. */
export const inboxFilters = (table: FieldTable): InboxFilter[] =>
  fieldEntries(table).flatMap(([key, spec]) =>
    isOptionField(spec)
      ? [{ key, param: spec.noun, label: spec.noun.charAt(0).toUpperCase() + spec.noun.slice(1), options: spec.options, list: spec.kind === "choices" }]
      : [],
  );

/** How a value reads in an email, the inbox and a CSV cell: a list as "a, b". */
export const displayValue = (value: string | readonly string[]): string => (typeof value === "string" ? value : value.join(", "));

/** Every field empty: the form's starting state. */
export function emptyValues<T extends FieldTable>(table: T): FieldValues<T> {
  return Object.fromEntries(fieldEntries(table).map(([key, spec]) => [key, spec.kind === "choices" ? [] : ""])) as FieldValues<T>;
}

/** The body on the wire: the contract's field names, lists comma-joined. */
export function toWire<T extends FieldTable>(table: T, values: FieldValues<T>): Record<string, string> {
  return Object.fromEntries(fieldEntries(table).map(([key, spec]) => [spec.wire, displayValueOnWire(values[key])]));
}
const displayValueOnWire = (value: string | readonly string[]) => (typeof value === "string" ? value : value.join(","));

/** Field key → wire name, e.g. { role: "salutation" }. */
export function wireNames<T extends FieldTable>(table: T): { [K in keyof T]: T[K]["wire"] } {
  return Object.fromEntries(fieldEntries(table).map(([key, spec]) => [key, spec.wire])) as { [K in keyof T]: T[K]["wire"] };
}

/** Field key → its label on the form. */
export function formLabels<T extends FieldTable>(table: T): { [K in keyof T]: T[K]["label"] } {
  return Object.fromEntries(fieldEntries(table).map(([key, spec]) => [key, spec.label])) as { [K in keyof T]: T[K]["label"] };
}

type OptionKeys<T extends FieldTable> = { [K in keyof T]: T[K] extends OptionFieldSpec ? K : never }[keyof T];
/** Filter parameter (an option field's noun) → its label, e.g. { role: "Role", sector: "Sector", need: "Need" }. */
export type InboxFilterLabels<T extends FieldTable> = { [K in OptionKeys<T> as T[K]["noun"]]: string };

export function inboxFilterLabels<T extends FieldTable>(table: T): InboxFilterLabels<T> {
  return Object.fromEntries(inboxFilters(table).map((filter) => [filter.param, filter.label])) as InboxFilterLabels<T>;
}

type MaxLengths<T extends FieldTable> = { [K in keyof T as T[K] extends { max: number } ? K : never]: number };

/** Longest accepted length of each text field, e.g. { name: 120, email: 254 }. */
export function maxLengths<T extends FieldTable>(table: T): MaxLengths<T> {
  return Object.fromEntries(fieldEntries(table).flatMap(([key, spec]) => ("max" in spec ? [[key, spec.max]] : []))) as MaxLengths<T>;
}
