import { enquiryFields, fieldEntries, type FieldTable, type FieldValues } from "../../contract/fields";

// How a form's fields sit in the store: one text column per field, named by its
// key; a multiple choice as a JSON array. Both directions are functions of the
// table, so a field added to it is stored and read back without more code here.

/** Field key → column text, ready to insert. */
export function fieldColumns<T extends FieldTable>(table: T, values: FieldValues<T>): Record<keyof T & string, string> {
  return Object.fromEntries(
    fieldEntries(table).map(([key, spec]) => {
      const value = values[key] as string | readonly string[];
      return [key, spec.kind === "choices" ? JSON.stringify(value) : value];
    }),
  ) as Record<keyof T & string, string>;
}

/** A stored list that is not one (hand-edited, or from an older shape) reads as empty, never as an error. */
function parseList(text: unknown): string[] {
  if (typeof text !== "string") return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** A stored row's fields, keyed by field key, lists as lists. */
export function fieldValues<T extends FieldTable>(table: T, row: Readonly<Record<string, unknown>>): FieldValues<T> {
  return Object.fromEntries(
    fieldEntries(table).map(([key, spec]) => [key, spec.kind === "choices" ? parseList(row[key]) : String(row[key] ?? "")]),
  ) as FieldValues<T>;
}

export const enquiryColumns = (values: FieldValues<typeof enquiryFields>) => fieldColumns(enquiryFields, values);
export const enquiryValues = (row: Readonly<Record<string, unknown>>) => fieldValues(enquiryFields, row);
