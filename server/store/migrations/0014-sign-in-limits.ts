import type { Kysely } from "kysely";

// The sign-in's limits as counters in the store: one row per limit (an
// account's, the total's, a person's second steps), claimed by one statement
// before a password or code is checked, so attempts arriving together on any
// instance cannot all see room that only one of them has. The person's own
// failed_sign_ins and locked_until are no longer written.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_limits")
    // "account:<sha256 of the typed email>", "total", "second-step:<person id>".
    .addColumn("key", "text", (col) => col.primaryKey())
    // Attempts claimed in the current window (a right one gives its claim back).
    .addColumn("attempts", "integer", (col) => col.notNull())
    // When the window ends (ISO); past it the next claim starts again at one.
    .addColumn("window_ends_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_limits").execute();
}
