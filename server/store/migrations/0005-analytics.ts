import type { Kysely } from "kysely";

// First-party analytics: daily aggregates only (no event, no visitor hash is
// ever written), and the campaign context of newsletter sign-ups waiting for
// their confirmation, kept until confirmed or expired.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_daily")
    // UTC calendar day, YYYY-MM-DD.
    .addColumn("day", "text", (col) => col.notNull())
    // view | visit | visitor | page_visitor | form_view:<form> | form_start:<form> | form_submit:<form> | enquiry | signup | confirmed
    .addColumn("metric", "text", (col) => col.notNull())
    .addColumn("page", "text", (col) => col.notNull())
    // Referrer host and UTM values; '' when absent (a UNIQUE index treats NULLs as all different).
    .addColumn("referrer", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("medium", "text", (col) => col.notNull())
    .addColumn("campaign", "text", (col) => col.notNull())
    // phone | tablet | desktop
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("analytics_daily_key")
    .on("analytics_daily")
    .columns(["day", "metric", "page", "referrer", "source", "medium", "campaign", "device"])
    .unique()
    .execute();

  await db.schema
    .createTable("analytics_pending_signups")
    // HMAC of the lower-cased address with the IP-hash key: found again at confirmation, meaningless alone.
    .addColumn("email_hash", "text", (col) => col.primaryKey())
    .addColumn("page", "text", (col) => col.notNull())
    .addColumn("referrer", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("medium", "text", (col) => col.notNull())
    .addColumn("campaign", "text", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("analytics_pending_signups_created_at").on("analytics_pending_signups").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_pending_signups").execute();
  await db.schema.dropTable("analytics_daily").execute();
}
