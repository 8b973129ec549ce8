import type { Kysely } from "kysely";

// The audit trail of what the owner did with the data (signing in and out,
// viewing a lead, exports, erasures, purges): who, when, from where, and counts
// or ids only, never a lead's content. Kept under its own retention (store/audit.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("owner_actions")
    // Time-ordered UUID (store/row-id.ts): rows recorded in the same millisecond keep their order.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("at", "text", (col) => col.notNull())
    // sign-in | sign-in-failed | sign-out | lead-view | export | erase | access-export | purge | delivery-retry | backup | restore
    .addColumn("action", "text", (col) => col.notNull())
    // The first characters of the session's id hash (never the cookie), "cli", or "anonymous" for a failed sign-in.
    .addColumn("actor", "text", (col) => col.notNull())
    // The client address as the server derives it (TRUST_PROXY); NULL for the command line.
    .addColumn("address", "text")
    // JSON: counts and ids only.
    .addColumn("detail", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("owner_actions_at").on("owner_actions").column("at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("owner_actions").execute();
}
