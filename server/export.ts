import { stringify } from "csv-stringify/sync";
import { displayValue, enquiryFields, fieldEntries, newsletterFields, type FieldTable } from "../contract/fields";
import { fieldValues } from "./store/enquiry-columns";

// The owner's exports of stored leads (the CLI's CSV and JSON, the inbox's CSV):
// one column list per kind and one row mapper, so every export has the same
// columns. Each form's fields come from its table; around them, what the server
// records: when, and the consent record. Not exported: the machinery (an
// enquiry's idempotency key, a subscriber's confirmation token hash and expiry).

export type Row = Readonly<Record<string, unknown>>;

/** A cell's value: text, a list (a multiple choice), or nothing. */
export type Cell = string | readonly string[] | null;
export type ExportRecord = Record<string, Cell>;

export interface ExportColumns {
  headers: readonly string[];
  /** One stored row as { header: value }. */
  record: (row: Row) => ExportRecord;
}

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function columnsOf(table: FieldTable, before: readonly string[], after: readonly string[]): ExportColumns {
  const fields = fieldEntries(table);
  return {
    headers: [...before, ...fields.map(([, spec]) => spec.csv), ...after],
    record(row) {
      const values: Readonly<Record<string, Cell>> = fieldValues(table, row);
      const record: ExportRecord = {};
      for (const column of before) record[column] = text(row[column]);
      for (const [key, spec] of fields) record[spec.csv] = values[key] ?? null;
      for (const column of after) record[column] = text(row[column]);
      return record;
    },
  };
}

export const enquiryExportColumns = (table: FieldTable = enquiryFields) =>
  columnsOf(table, ["id", "created_at"], ["consent_at", "consent_version", "source_page", "user_agent", "ip_hash"]);

export const subscriberExportColumns = (table: FieldTable = newsletterFields) =>
  columnsOf(table, ["id", "created_at", "updated_at"], ["status", "consent_at", "consent_version", "source_page", "ip_hash", "confirmed_at", "confirm_ip_hash", "unsubscribed_at"]);

export const exportColumns = {
  enquiries: enquiryExportColumns(),
  subscribers: subscriberExportColumns(),
} as const;

/** Columns that are a row's own keys, in this order (the analytics tables). */
export const plainColumns = (headers: readonly string[]): ExportColumns => ({
  headers,
  record: (row) => Object.fromEntries(headers.map((header) => [header, text(row[header])])),
});

/** For JSON: lists stay lists. */
export const toRecords = (columns: ExportColumns, rows: readonly Row[]): ExportRecord[] => rows.map(columns.record);

/**
 * RFC 4180 CSV (CRLF, quoted where needed, any cell with a line break quoted).
 * A spreadsheet runs a cell starting with = + - @, a tab or a carriage return as
 * a formula, so csv-stringify's escape_formulas prefixes such a cell with a quote
 * (OWASP's "CSV injection" advice). A list is one cell, "a, b".
 */
export function toCsv(columns: ExportColumns, rows: readonly Row[]): string {
  const records = toRecords(columns, rows).map((record) => columns.headers.map((header) => cellText(record[header] ?? null)));
  return stringify([[...columns.headers], ...records], { record_delimiter: "windows", escape_formulas: true, quoted_match: /[\r\n]/ });
}

const cellText = (cell: Cell): string => (cell === null ? "" : displayValue(cell));
