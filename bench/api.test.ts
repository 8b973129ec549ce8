import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { expect, it } from "vitest";
import { createOutboxQueue, enqueue } from "../server/outbox/outbox-store";
import { migrate } from "../server/store/database";
import type { Database } from "../server/store/schema";
import { outboxStatements } from "./api";

it("the SQLite alone row records a delivery with the outbox queue's own statements", async () => {
  // Kysely's SqliteDialect compiles with the same SqliteQueryCompiler as the store's group-commit dialect.
  const statements: string[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(":memory:") }),
    log: (event) => void statements.push(event.query.sql),
  });
  try {
    await migrate(db, "sqlite");
    await enqueue(db, [
      { channel: "email", topic: "confirm-subscription", leadKind: "subscriber", leadId: "lead", leadEmail: "lead@example.com", payload: { from: "f@example.com", to: "lead@example.com", subject: "s", text: "t", html: "h" } },
    ]);
    statements.length = 0;
    const queue = createOutboxQueue(db, "sqlite");
    const [row] = await queue.claim(10, 60_000);
    if (!row) throw new Error("the enqueued row was not claimed");
    await queue.markSent(row, { ok: true, response: "250 OK", attemptedAt: new Date().toISOString(), durationMs: 3 });
    expect(statements.filter((text) => !/^(begin|commit)$/.test(text))).toEqual([outboxStatements.claim, outboxStatements.markSent, outboxStatements.recordAttempt]);
  } finally {
    await db.destroy();
  }
});
