import type { Kysely } from "kysely";

// Submissions that pass the lead contract but look like spam are kept here,
// apart from the inbox's tables, until the owner releases or deletes them or
// RETENTION_SPAM_DAYS passes: nothing is discarded, and nothing held here ever
// sends an email or a CRM call.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("suspected_spam")
    // Random UUID: the inbox's handle for the row.
    .addColumn("id", "text", (col) => col.primaryKey())
    // enquiry | newsletter
    .addColumn("kind", "text", (col) => col.notNull())
    // Lower-cased, for search, erasure and subject access.
    .addColumn("email", "text", (col) => col.notNull())
    // JSON: the form's fields by key, as the contract parsed them.
    .addColumn("fields", "text", (col) => col.notNull())
    // JSON list of the signals that fired (contract/admin.ts spamReasonNames), and their summed weight.
    .addColumn("reasons", "text", (col) => col.notNull())
    .addColumn("score", "integer", (col) => col.notNull())
    .addColumn("consent_version", "text", (col) => col.notNull())
    .addColumn("source_page", "text")
    .addColumn("user_agent", "text")
    .addColumn("ip_hash", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("suspected_spam_created_at").on("suspected_spam").column("created_at").execute();
  await db.schema.createIndex("suspected_spam_email").on("suspected_spam").column("email").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("suspected_spam").execute();
}
