import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startCheckpointer, type Checkpointer } from "./checkpointer";

// The checkpoint thread against a real WAL-mode file whose own connection
// never checkpoints (wal_autocheckpoint=0, as the server runs it).

let dir: string;
let db: SqliteDatabase.Database;
let checkpointer: Checkpointer | undefined;

const until = async (condition: () => Promise<boolean>, ms = 5000) => {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (await condition()) return;
  }
  throw new Error("condition not met in time");
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "checkpointer-"));
  db = new SqliteDatabase(path.join(dir, "test.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("wal_autocheckpoint = 0");
  db.exec("create table items (id integer primary key, value text not null)");
});

afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = undefined;
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** Commits this many rows, one transaction each, through the writer's connection. */
function writeMany(rows: number) {
  const insert = db.prepare("insert into items (value) values (?)");
  // One transaction per row: each commit appends at least one frame.
  for (let i = 0; i < rows; i++) insert.run("x".repeat(500));
}

it("checkpoints in its own thread, restarts a long WAL, and the writer then starts the WAL over", async () => {
  // A WAL past RESTART_AFTER_FRAMES before the thread starts (as after a busy spell).
  writeMany(1500);
  checkpointer = startCheckpointer({ file: path.join(dir, "test.db"), intervalMs: 20 });
  await until(async () => (await checkpointer!.stats()).restart >= 1);
  // After a complete checkpoint the next commit writes from the WAL's start: it stays short.
  writeMany(5);
  await until(async () => {
    const stats = await checkpointer!.stats();
    return stats.walFrames > 0 && stats.walFrames < 50;
  });
  expect((await checkpointer.stats()).passive).toBeGreaterThan(1);
  expect(db.prepare("select count(*) as n from items").get()).toEqual({ n: 1505 });
});

it("stops cleanly: the thread ends and the database stays usable", async () => {
  checkpointer = startCheckpointer({ file: path.join(dir, "test.db"), intervalMs: 20 });
  writeMany(10);
  await until(async () => (await checkpointer!.stats()).passive >= 1);
  const stopped = checkpointer.stop();
  await expect(stopped).resolves.toBeUndefined();
  // stop() is idempotent (the app and the store may both call it).
  await checkpointer.stop();
  writeMany(1);
  expect(db.prepare("select count(*) as n from items").get()).toEqual({ n: 11 });
});

it("keeps a process with nothing else to do alive until the thread has stopped", async () => {
  // The thread is unreferenced while it runs; a script that closes the store and
  // has nothing else to do must still see stop() resolve.
  writeMany(10);
  const module = fileURLToPath(new URL("./checkpointer.ts", import.meta.url));
  const script = `const { startCheckpointer } = await import(${JSON.stringify(module)});
const checkpointer = startCheckpointer({ file: ${JSON.stringify(path.join(dir, "test.db"))} });
await checkpointer.stop();
console.log("stopped");`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script]);
  // Without the thread held while stopping, Node exits with 13 (an unsettled top-level await) and prints nothing.
  expect(stdout.trim()).toBe("stopped");
  writeMany(1);
  expect(db.prepare("select count(*) as n from items").get()).toEqual({ n: 11 });
});

it("says once when its thread fails, so the caller can hand checkpoints back to SQLite", async () => {
  const failures: unknown[] = [];
  // A database the thread cannot open: it fails as it starts.
  checkpointer = startCheckpointer({ file: path.join(dir, "no-such-folder", "test.db"), intervalMs: 20, onFailure: (error) => failures.push(error) });
  await until(async () => failures.length > 0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(failures).toHaveLength(1);
});

it("does not call a stop a failure", async () => {
  const failures: unknown[] = [];
  checkpointer = startCheckpointer({ file: path.join(dir, "test.db"), intervalMs: 20, onFailure: (error) => failures.push(error) });
  await checkpointer.stop();
  expect(failures).toEqual([]);
});
