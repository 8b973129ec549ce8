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
    // What the count is broken down by: page | referrer | source | medium | campaign | device. Each event
    // adds one row per dimension it has (a rollup per dimension: about a thousand rows a day, however busy).
    .addColumn("dimension", "text", (col) => col.notNull())
    // The page path, referrer host, UTM value or device class; '' when absent (no referrer, no campaign).
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("analytics_daily_key").on("analytics_daily").columns(["dimension", "day", "metric", "key"]).unique().execute();

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
