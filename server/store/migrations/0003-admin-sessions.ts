import type { Kysely } from "kysely";

// The owner's inbox sessions, kept in the store so that signing out ends a
// session on every instance sharing it, and a new password ends them all.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_sessions")
    // sha256 of the random id in the cookie: the store never holds a usable cookie.
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    // Which password the session was opened with (a keyed hash, admin/session.ts): another password ends it.
    .addColumn("password_fingerprint", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_expires").on("admin_sessions").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_sessions").execute();
}
