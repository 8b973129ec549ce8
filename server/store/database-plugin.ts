import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sql } from "kysely";
import { openDatabase, type Dialect } from "./database";
import { DATABASE } from "./database-handle";
import { readOutboxStats, type OutboxStats } from "./outbox-stats";

// The database: opened and migrated before the first request, closed after
// the last (registered before every plugin that uses it, so its onClose runs
// after theirs).
// The raw handle sits under a symbol (database-handle.ts) that only the
// repository plugins of this folder import; everything else reaches the store
// through a repository.

/** What the rest of the server may know of the store itself. */
export interface StoreInfo {
  dialect: Dialect;
  /** One round trip that proves the store answers, and the outbox's figures with it (readiness). */
  check(): Promise<OutboxStats>;
  /** The outbox's figures (metrics). */
  outboxStats(): Promise<OutboxStats>;
}

declare module "fastify" {
  interface FastifyInstance {
    store: StoreInfo;
  }
}

export const databasePlugin = fp(
  async (app: FastifyInstance) => {
    const { databaseUrl, dataDir } = app.config;
    const opened = await openDatabase({ databaseUrl, dataDir });
    const { db, dialect } = opened;
    app.decorate(DATABASE, opened);
    app.decorate("store", {
      dialect,
      async check() {
        await sql`select 1`.execute(db);
        return readOutboxStats(db);
      },
      outboxStats: () => readOutboxStats(db),
    } satisfies StoreInfo);
    app.addHook("onClose", () => db.destroy());
  },
  { name: "database", dependencies: ["config"] },
);
