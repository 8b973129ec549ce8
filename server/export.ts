// Turning stored rows into CSV or JSON for the owner. Spreadsheets run a cell
// that starts with = + - @ (or a tab or carriage return) as a formula, so such
// cells are prefixed with a quote (OWASP's "CSV injection" advice).

export type Row = Record<string, unknown>;

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(columns: readonly string[], rows: readonly Row[]): string {
  const lines = [columns.map(csvCell).join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** Stored JSON-text lists become real lists in the export. */
export function withLists(row: Row, listColumns: readonly string[]): Row {
  const out: Row = { ...row };
  for (const column of listColumns) {
    const value = row[column];
    if (typeof value === "string") {
      try {
        out[column] = JSON.parse(value) as unknown;
      } catch {
        out[column] = value;
      }
    }
  }
  return out;
}
