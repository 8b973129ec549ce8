import type { Kysely } from "kysely";

// When the person behind a session last proved it was them (a password or a
// second step): security changes ask again once that is older than a few
// minutes. Sessions from before have none, so they are asked.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_sessions").addColumn("confirmed_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_sessions").dropColumn("confirmed_at").execute();
}
