import { sql, type Kysely } from "kysely";

// Enquiries and newsletter subscribers. Written once; later changes are new files.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("enquiries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("sectors", "text", (col) => col.notNull())
    .addColumn("needs", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("consent_at", "text", (col) => col.notNull())
    .addColumn("consent_version", "text", (col) => col.notNull())
    .addColumn("source_page", "text")
    .addColumn("user_agent", "text")
    .addColumn("ip_hash", "text")
    // UNIQUE allows any number of NULLs in both SQLite and PostgreSQL.
    .addColumn("idempotency_key", "text", (col) => col.unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("enquiries_created_at").on("enquiries").column("created_at").execute();

  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("consent_at", "text", (col) => col.notNull())
    .addColumn("ip_hash", "text")
    .addColumn("source_page", "text")
    .execute();
  await db.schema.createIndex("subscribers_created_at").on("subscribers").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("subscribers").execute();
  await db.schema.dropTable("enquiries").execute();
}
