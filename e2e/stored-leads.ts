import path from "node:path";
import Database from "better-sqlite3";

// What the real server stored, read straight from its SQLite file: the browser
// tests check a lead reached the store as the owner will find it.

const dataDir = process.env.E2E_DATA_DIR ?? "build/e2e-data";

/** Every row of `table` stored for `email`. */
export function storedRows(table: "enquiries" | "subscribers" | "suspected_spam", email: string) {
  const db = new Database(path.join(dataDir, "leads.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`select * from ${table} where email = ?`).all(email) as Record<string, string>[];
  } finally {
    db.close();
  }
}
