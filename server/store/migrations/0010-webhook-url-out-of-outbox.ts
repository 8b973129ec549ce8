import type { Kysely } from "kysely";

// Webhook rows no longer hold the CRM's URL, which may carry its credentials:
// the worker reads it from LEADS_WEBHOOK_URL when it sends. Rows written
// before keep their body and lose the URL, here and so in every later backup.

type Outbox = { outbox: { id: string; channel: string; payload: string } };

/** Rows rewritten per statement batch: any number of rows, a bounded amount of memory. */
const BATCH = 500;

export async function up(database: Kysely<unknown>): Promise<void> {
  const db = database as unknown as Kysely<Outbox>;
  let after = "";
  for (;;) {
    const rows = await db.selectFrom("outbox").select(["id", "payload"]).where("channel", "=", "webhook").where("id", ">", after).orderBy("id").limit(BATCH).execute();
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as { url?: string; body: string };
      if (payload.url === undefined) continue;
      await db.updateTable("outbox").set({ payload: JSON.stringify({ body: payload.body }) }).where("id", "=", row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

// Nothing to undo: the URL is not needed to send (the configured one is used) and cannot be recovered.
export async function down(): Promise<void> {}
