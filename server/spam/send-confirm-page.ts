import { displayValue, enquiryFields, fieldEntries, newsletterFields, type FieldTable } from "../../contract/fields";
import { sendConfirmSlots } from "../../contract/send-confirm";
import { escapeHtml } from "../mail/messages";

// Fills in the pre-rendered "one more step" page (app/pages/send/index.astro,
// in the site's layout and words) for one held submission: what was sent, as
// label and value under the form's own labels, and the Send button's token.
// Only text and attributes are added, no script or style, so the page's own
// CSP (its inline scripts' and styles' hashes) still holds.

export interface SendConfirmFill {
  kind: "enquiry" | "newsletter";
  /** The held submission's fields by key, as the contract parsed them. */
  fields: Readonly<Record<string, unknown>>;
  token: string;
  /** Shown again because the button was pressed too soon: the page's note says to wait. */
  early?: boolean;
}

const tables: Record<SendConfirmFill["kind"], FieldTable> = { enquiry: enquiryFields, newsletter: newsletterFields };

/** One slot of the page, exactly once, or the build is not the one this server fills in. */
function slot(html: string, pattern: RegExp, name: string): RegExpExecArray {
  const matches = [...html.matchAll(new RegExp(pattern.source, "g"))];
  if (matches.length !== 1) throw new Error(`The "one more step" page has ${matches.length} of its ${name} slot (${pattern.source}), not one: rebuild the site (app/pages/send/index.astro).`);
  return matches[0]!;
}

export function fillSendConfirmPage(html: string, { kind, fields, token, early = false }: SendConfirmFill): string {
  const rows = fieldEntries(tables[kind])
    .map(([key, spec]) => {
      const value = fields[key];
      const shown = typeof value === "string" || Array.isArray(value) ? displayValue(value as string | readonly string[]) : "";
      return shown === "" ? "" : `<dt>${escapeHtml(spec.label)}</dt><dd>${escapeHtml(shown)}</dd>`;
    })
    .join("");
  const list = slot(html, new RegExp(`<dl [^>]*${sendConfirmSlots.fields}=""[^>]*>(?=</dl>)`), "fields");
  const tokenValue = slot(html, new RegExp(`value="${sendConfirmSlots.token}"`), "token");
  const note = slot(html, new RegExp(`<p [^>]*${sendConfirmSlots.early}=""[^>]*>`), "early note");
  // Replaced from the end backwards, so each match's index still holds.
  const edits = [
    { at: list.index + list[0].length, remove: 0, insert: rows },
    { at: tokenValue.index, remove: tokenValue[0].length, insert: `value="${escapeHtml(token)}"` },
    { at: note.index, remove: note[0].length, insert: early ? note[0].replace(/ hidden=""/, "") : note[0] },
  ].sort((a, b) => b.at - a.at);
  let filled = html;
  for (const edit of edits) filled = filled.slice(0, edit.at) + edit.insert + filled.slice(edit.at + edit.remove);
  return filled;
}
