import { sql, type Kysely } from "kysely";

// What happens to a lead after it is accepted: an outbox of deliveries
// (emails, CRM webhooks) written in the same transaction as the lead, every
// delivery attempt, and the double opt-in / unsubscribe record of subscribers.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("channel", "text", (col) => col.notNull().check(sql`channel in ('email', 'webhook')`))
    // confirm-subscription | team-notification | lead-webhook (free text so new topics need no migration)
    .addColumn("topic", "text", (col) => col.notNull())
    .addColumn("lead_kind", "text", (col) => col.notNull().check(sql`lead_kind in ('enquiry', 'subscriber')`))
    .addColumn("lead_id", "text", (col) => col.notNull())
    // Lower-cased email of the person the delivery is about: GDPR erasure finds every row by it.
    .addColumn("lead_email", "text", (col) => col.notNull())
    // JSON: an email (to, subject, text, html, headers) or a webhook (url, body).
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending").check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    // A worker claims a row until this time; another instance skips it meanwhile.
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_lead").on("outbox").columns(["lead_kind", "lead_id"]).execute();
  await db.schema.createIndex("outbox_lead_email").on("outbox").column("lead_email").execute();

  await db.schema
    .createTable("delivery_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("outbox_id", "text", (col) => col.notNull().references("outbox.id").onDelete("cascade"))
    .addColumn("attempted_at", "text", (col) => col.notNull())
    .addColumn("ok", "integer", (col) => col.notNull())
    .addColumn("error", "text")
    // What the peer answered: the SMTP reply, or the webhook's HTTP status and the start of its body.
    .addColumn("response", "text")
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("delivery_attempts_outbox").on("delivery_attempts").column("outbox_id").execute();

  await db.schema.alterTable("subscribers").addColumn("confirm_token_hash", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirm_expires_at", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirmed_at", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("confirm_ip_hash", "text").execute();
  await db.schema.alterTable("subscribers").addColumn("unsubscribed_at", "text").execute();
  await db.schema.createIndex("subscribers_confirm_token").on("subscribers").column("confirm_token_hash").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("subscribers_confirm_token").execute();
  for (const column of ["unsubscribed_at", "confirm_ip_hash", "confirmed_at", "confirm_expires_at", "confirm_token_hash"]) {
    await db.schema.alterTable("subscribers").dropColumn(column).execute();
  }
  await db.schema.dropTable("delivery_attempts").execute();
  await db.schema.dropTable("outbox").execute();
}
