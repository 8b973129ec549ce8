import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { openSqliteFile, type SqliteFile } from "./database";

// The store's SQLite settings, which the API bench's "SQLite alone" row also
// relies on: each one changes what a COMMIT costs or whether it is durable.

let opened: SqliteFile | undefined;
let dir: string | undefined;

afterEach(async () => {
  await opened?.checkpointer.stop();
  await opened?.wal.close();
  opened?.file.close();
  opened = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("opens the file with the store's settings: WAL, the WAL synced by the store, savepoint journals in memory, checkpoints off the COMMIT path", async () => {
  dir = await mkdtemp(path.join(tmpdir(), "sqlite-file-"));
  opened = openSqliteFile(path.join(dir, "leads.db"));
  const pragma = (name: string) => opened?.file.pragma(name, { simple: true });
  expect(pragma("journal_mode")).toBe("wal");
  // NORMAL: a COMMIT does not fsync; the store fdatasyncs the WAL (wal.sync) before it answers.
  expect(pragma("synchronous")).toBe(1);
  expect(pragma("busy_timeout")).toBe(5000);
  expect(pragma("foreign_keys")).toBe(1);
  // MEMORY: each savepoint's journal stays out of a temporary file (about a quarter of a sign-up's SQLite time).
  expect(pragma("temp_store")).toBe(2);
  // The checkpointer thread does the checkpoints, not a COMMIT on the event loop.
  expect(pragma("wal_autocheckpoint")).toBe(0);

  opened.file.exec("create table t (x); insert into t values (1)");
  await expect(opened.wal.sync()).resolves.toBeUndefined();
});
