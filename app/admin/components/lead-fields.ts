import { displayValue, fieldEntries, type FieldTable } from "../../../contract/fields";

// What the inbox shows of a lead's fields, from its form's table: the list's
// columns (fields marked inInboxList) and the details' rows (every field).

export interface InboxColumn {
  key: string;
  label: string;
  /** An address breaks anywhere, so a long one never widens the table. */
  breakAll: boolean;
}

export const inboxColumns = (table: FieldTable): InboxColumn[] =>
  fieldEntries(table)
    .filter(([, spec]) => spec.inInboxList)
    .map(([key, spec]) => ({ key, label: spec.reportLabel, breakAll: spec.kind === "text" && spec.input === "email" }));

/** A lead's value of a field as the inbox writes it (a list as "a, b"; nothing as ""). */
export function shownValue(lead: object, key: string): string {
  const value: unknown = (lead as Record<string, unknown>)[key];
  return typeof value === "string" || Array.isArray(value) ? displayValue(value as string | readonly string[]) : "";
}

/** Every field of the table as a [label, value] row of a lead's details. */
export const detailRows = (table: FieldTable, lead: object): [string, string][] =>
  fieldEntries(table).map(([key, spec]) => [spec.reportLabel, shownValue(lead, key)]);
