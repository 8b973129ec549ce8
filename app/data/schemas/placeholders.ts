// Values that come from code, which content files name instead of copying:
// `{retention.enquiryMonths}` in a file's text becomes 24 at build time.
// Add a value here to let files name it; a name not here fails the build.
// The values other content files hold ({site.…}, {contact.…}, {figures.…}
// and {legal.contactTerms}) are read by scripts/build/content-files.ts.
import { enquiryFields, personalFields, type FieldTable } from "../../../contract/form-fields.ts";
import { CONFIRMATION_TOKEN_TTL_MS } from "../../../contract/newsletter.ts";
import { STORAGE_KEYS } from "../constants.ts";
import { statedRetention } from "../retention.ts";

const andList = (items: readonly string[]) => new Intl.ListFormat("en-GB", { type: "conjunction" }).format(items);

/** What an enquiry holds, as the privacy policy lists it: the field table's personal fields, required and optional. */
export function enquiryPlaceholders(table: FieldTable) {
  const { required, optional } = personalFields(table);
  return { requiredPersonalFields: andList(required), optionalPersonalFields: andList(optional) };
}

export const placeholders = {
  /** How long personal data is kept: the RETENTION_* periods the server's purge enforces (retention.ts). */
  retention: statedRetention,
  enquiry: enquiryPlaceholders(enquiryFields),
  /** How many days a newsletter confirmation link works. */
  newsletter: { linkDays: CONFIRMATION_TOKEN_TTL_MS / (24 * 60 * 60 * 1000) },
  /** The local storage entries' names, as the cookie policy lists them. */
  storage: STORAGE_KEYS,
} as const;
