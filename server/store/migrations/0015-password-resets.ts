import type { Kysely } from "kysely";

// "Forgot your password": a link that works once, for a short while. Only the
// hash of its token is kept, with whose it is; using it deletes it, and a new
// one voids the person's earlier ones.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("team_password_resets")
    // sha256 of the link's token: the store never holds a usable link.
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("person_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("team_password_resets_person").on("team_password_resets").column("person_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("team_password_resets").execute();
}
