import type { Kysely } from "kysely";

// Which newsletter consent wording a subscriber agreed to, as enquiries already
// record theirs. Sign-ups stored before this have none (NULL): the wording they
// saw was not versioned.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").addColumn("consent_version", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").dropColumn("consent_version").execute();
}
