import type { LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { startTestApp, type TestApp, signedInAs } from "../app.test-support";
import { openDatabase } from "../store/database";
import type { Database } from "../store/schema";
import { scratchDatabase, type ScratchDatabase } from "../store/databases.test-support";

// The app the spam tests drive, on a scratch SQLite or PostgreSQL store: the
// owner signed in, a CRM configured, and the outbox worker stopped so every
// row a lead's transaction wrote stays where it is for the test to read.

const PASSWORD = "correct horse battery staple";

export interface SpamTestApp {
  t: TestApp;
  db: Kysely<Database>;
  /** A request as the signed-in owner, with a JSON body when given one. */
  admin(method: "GET" | "POST" | "DELETE", url: string, payload?: object): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startSpamTestApp(kind: "sqlite" | "postgres", spamFilter: "on" | "off"): Promise<SpamTestApp> {
  const scratch: ScratchDatabase = await scratchDatabase(kind);
  const env: Record<string, string> = {
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: "silent",
    SPAM_FILTER: spamFilter,
    LEADS_WEBHOOK_URL: "http://127.0.0.1:9/leads",
    LEADS_WEBHOOK_SECRET: "webhook-secret-0123456789",
  };
  if (scratch.databaseUrl) env.DATABASE_URL = scratch.databaseUrl;
  const t = await startTestApp(env);
  await t.app.ready();
  await t.app.outbox.stop();
  const db = (await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: t.config.dataDir })).db;
  const cookie = (await signedInAs(t.app, "owner")).cookie;
  return {
    t,
    db,
    admin: (method, url, payload) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) }),
    async close() {
      await db.destroy();
      await t.close();
      await scratch.drop();
    },
  };
}
