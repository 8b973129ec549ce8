import type { Kysely } from "kysely";

// The team's second factors: passkeys, an authenticator app's secret and
// recovery codes, each person's own; and the WebAuthn challenges in flight and
// the wrong second steps of each sign-in, kept here rather than in one
// instance's memory so any instance can finish what another began.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("team_passkeys")
    // The credential id, base64url.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("person_id", "text", (col) => col.notNull())
    // The COSE public key, base64url.
    .addColumn("public_key", "text", (col) => col.notNull())
    // The authenticator's signature counter: 32 bits unsigned, past PostgreSQL's integer.
    .addColumn("counter", "bigint", (col) => col.notNull())
    // JSON list of transports ("internal", "hybrid", …) the browser reported.
    .addColumn("transports", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("team_passkeys_person").on("team_passkeys").column("person_id").execute();

  await db.schema
    .createTable("team_totp")
    .addColumn("person_id", "text", (col) => col.primaryKey())
    // AES-256-GCM under a key derived from the session secret: a copy of the store alone cannot make codes.
    .addColumn("secret", "text", (col) => col.notNull())
    // Null while the app is being set up: a secret counts once a code from it has been given.
    .addColumn("confirmed_at", "text")
    // The last 30-second step a code was accepted for: each code works once.
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("team_recovery_codes")
    .addColumn("person_id", "text", (col) => col.notNull())
    // SHA-256 of the normalised code, base64url: the codes themselves are shown once and never kept.
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addPrimaryKeyConstraint("team_recovery_codes_pk", ["person_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("team_challenges")
    // The session's id hash: a ceremony is finished by the session that began it.
    .addColumn("id_hash", "text", (col) => col.notNull())
    // register | sign-in
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("challenge", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("team_challenges_pk", ["id_hash", "purpose"])
    .execute();

  await db.schema
    .createTable("team_second_step_failures")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("failures", "integer", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["team_second_step_failures", "team_challenges", "team_recovery_codes", "team_totp", "team_passkeys"]) await db.schema.dropTable(table).execute();
}
