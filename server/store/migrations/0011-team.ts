import type { Kysely } from "kysely";

// The owner becomes a team: people with a role each, invitations to join,
// the team's settings, and sessions that belong to one person. Sessions
// opened with the shared password name nobody, so they end here: everyone
// signs in again, as a person.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("team_people")
    // Random UUID: the screens' handle for a person.
    .addColumn("id", "text", (col) => col.primaryKey())
    // Lower-cased, so one address is one person however it is typed.
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    // owner | editor | inbox | analyst (contract/team.ts)
    .addColumn("role", "text", (col) => col.notNull())
    // scrypt, with its salt and parameters in the one string (team/passwords.ts).
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text")
    // Wrong passwords in a row; at the limit the account locks until locked_until.
    .addColumn("failed_sign_ins", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .execute();

  await db.schema
    .createTable("team_invites")
    .addColumn("id", "text", (col) => col.primaryKey())
    // sha256 of the link's token: the store never holds a usable link.
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    // The inviting person's id, or "cli".
    .addColumn("invited_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("accepted_at", "text")
    .execute();

  await db.schema
    .createTable("team_settings")
    // Always 1: the team has one row of settings.
    .addColumn("id", "integer", (col) => col.primaryKey())
    // 1/0: a second factor is asked of every role, not only of those with personal data in reach.
    .addColumn("require_second_factor", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .withTables<{ team_settings: { id: number; require_second_factor: number } }>()
    .insertInto("team_settings")
    .values({ id: 1, require_second_factor: 0 })
    .execute();

  // The old rows name no person: dropping the table ends them, on both databases alike.
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema
    .createTable("admin_sessions")
    // sha256 of the random id in the cookie: the store never holds a usable cookie.
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    // Random, shown to the person as the session's id: it names a session, never opens one.
    .addColumn("public_id", "text", (col) => col.notNull().unique())
    .addColumn("person_id", "text", (col) => col.notNull())
    // second-factor | complete
    .addColumn("stage", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_expires").on("admin_sessions").column("expires_at").execute();
  await db.schema.createIndex("admin_sessions_person").on("admin_sessions").column("person_id").execute();
  await db.schema.createIndex("owner_actions_actor").on("owner_actions").columns(["actor", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("owner_actions_actor").execute();
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema
    .createTable("admin_sessions")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("password_fingerprint", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_expires").on("admin_sessions").column("expires_at").execute();
  await db.schema.dropTable("team_settings").execute();
  await db.schema.dropTable("team_invites").execute();
  await db.schema.dropTable("team_people").execute();
}
