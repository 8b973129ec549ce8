import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { openDatabase } from "../store/database";
import { up as stripWebhookUrls } from "../store/migrations/0010-webhook-url-out-of-outbox";
import { newRowId } from "../store/row-id";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { startTestApp, type TestApp } from "../app.test-support";
import { httpReceiver, waitFor, type HttpReceiver } from "./peers.test-support";

// The CRM's URL, with the credentials it may carry, is configuration: outbox
// rows (and so the store's files and backups) hold only the call's body, and
// the worker sends each call, old rows included, to the URL configured now.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);
const secret = "webhook-secret-for-tests-0123456789";

describe.each(kinds)("webhook credentials on %s", (kind) => {
  let scratch: ScratchDatabase;
  let receiver: HttpReceiver;
  let t: TestApp | undefined;
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    receiver = await httpReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver.close();
    await scratch.drop();
  });

  it("are never stored: old rows lose the URL on upgrade and every call goes to the configured one", async () => {
    // A row as the previous version wrote it: the URL, credentials and all, in the payload.
    const { db } = await openDatabase(scratch);
    const legacyBody = JSON.stringify({ type: "enquiry", id: "legacy-1", data: {} });
    const legacyId = newRowId();
    const at = new Date().toISOString();
    await db
      .insertInto("outbox")
      .values({ id: legacyId, channel: "webhook", topic: "lead-webhook", lead_kind: "enquiry", lead_id: "legacy-1", lead_email: "old@example.co.uk", payload: JSON.stringify({ url: "https://old-user:old-password@crm.example/hook", body: legacyBody }), next_attempt_at: at, locked_until: null, last_error: null, created_at: at, sent_at: null })
      .execute();
    await stripWebhookUrls(db as unknown as Parameters<typeof stripWebhookUrls>[0]);
    const legacy = await db.selectFrom("outbox").select("payload").where("id", "=", legacyId).executeTakeFirstOrThrow();
    expect(JSON.parse(legacy.payload)).toEqual({ body: legacyBody });
    await db.destroy();

    const configured = new URL(receiver.url);
    configured.username = "crm-user";
    configured.password = "crm-pass-s3cret";
    t = await startTestApp({
      DATA_DIR: scratch.dataDir,
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
      LEADS_WEBHOOK_URL: configured.href,
      LEADS_WEBHOOK_SECRET: secret,
      OUTBOX_POLL_MS: "50",
      LOG_LEVEL: "silent",
    });
    await t.app.ready();
    await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { name: "Ann Smith", email: "ann@example.co.uk", salutation: "Business", message: "Hello" } });
    await waitFor(() => receiver.accepted.some((call) => call.body.includes("ann@example.co.uk")) && receiver.accepted.some((call) => call.body === legacyBody), { what: "both calls" });
    for (const call of receiver.accepted) expect(call.headers.authorization).toBe(`Basic ${Buffer.from("crm-user:crm-pass-s3cret").toString("base64")}`);

    const reader = await openDatabase(scratch);
    try {
      const payloads = (await reader.db.selectFrom("outbox").select("payload").where("channel", "=", "webhook").execute()).map((row) => row.payload);
      expect(payloads).toHaveLength(2);
      for (const payload of payloads) {
        expect(Object.keys(JSON.parse(payload) as object)).toEqual(["body"]);
        for (const secretPart of ["crm-user", "crm-pass-s3cret", "old-password", configured.host]) expect(payload).not.toContain(secretPart);
      }
    } finally {
      await reader.db.destroy();
    }
    if (kind === "sqlite") {
      // Nowhere in the store's files either (the WAL included), so in no backup of them.
      for (const file of ["leads.db", "leads.db-wal"]) {
        const bytes = await readFile(path.join(scratch.dataDir, file)).catch(() => Buffer.alloc(0));
        expect(bytes.includes("crm-pass-s3cret")).toBe(false);
      }
    }
  });
});
