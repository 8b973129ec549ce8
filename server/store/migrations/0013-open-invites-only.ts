import { sql, type Kysely } from "kysely";

// An invitation holds the invitee's address, so it is kept only while it can
// still be used: accepting one deletes it (the person's own row holds the
// address from then on), and the expired ones are swept at each sign-in and
// each new invitation. Rows accepted or expired before this are deleted here,
// and the column that marked an acceptance goes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from team_invites where accepted_at is not null or expires_at <= ${new Date().toISOString()}`.execute(db);
  await db.schema.alterTable("team_invites").dropColumn("accepted_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("team_invites").addColumn("accepted_at", "text").execute();
}
