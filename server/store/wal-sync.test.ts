import { mkdtemp, open, rm, writeFile, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { walSyncer, WalSyncedSqliteDialect } from "./wal-sync";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "wal-sync-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("gives writers who arrive during a sync one more sync, begun after theirs, shared by all of them", async () => {
  const file = path.join(dir, "leads.db-wal");
  await writeFile(file, "frames");
  const wal = walSyncer(file);
  const order: string[] = [];
  const first = wal.sync().then(() => order.push("first"));
  // These wrote while the first sync was in flight: it may not cover them.
  const later = [wal.sync(), wal.sync(), wal.sync()];
  expect(later[1]).toBe(later[0]);
  expect(later[2]).toBe(later[0]);
  expect(later[0]).not.toBe(first);
  await Promise.all(later.map((sync) => sync.then(() => order.push("later"))));
  await first;
  expect(order).toEqual(["first", "later", "later", "later"]);
  await wal.close();
});

it("rejects the writers of a failed sync and tries afresh for the next ones", async () => {
  const file = path.join(dir, "leads.db-wal");
  const wal = walSyncer(file);
  // No WAL file yet: the sync cannot open it, so nobody may be told their write is on disk.
  await expect(wal.sync()).rejects.toThrow(/ENOENT/);
  await writeFile(file, "frames");
  await expect(wal.sync()).resolves.toBeUndefined();
  await wal.close();
});

it("lets the next caller have the connection while a writer waits for the disk", async () => {
  const database = new Database(path.join(dir, "leads.db"));
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  const db = new Kysely<{ notes: { text: string } }>({ dialect: new WalSyncedSqliteDialect(database) });
  await sql`create table notes (text text)`.execute(db);
  // The disk, slow until told: every fdatasync of the WAL waits for `flushed`.
  let flush!: () => void;
  const flushed = new Promise<void>((resolve) => (flush = resolve));
  const handle = await open(path.join(dir, "leads.db-wal"), "r");
  const fileHandle = Object.getPrototypeOf(handle) as FileHandle;
  await handle.close();
  const datasync = fileHandle.datasync;
  const slowSync = vi.spyOn(fileHandle, "datasync").mockImplementation(async function (this: FileHandle) {
    await flushed;
    return datasync.call(this);
  });
  try {
    const order: string[] = [];
    const write = db.insertInto("notes").values({ text: "a lead" }).execute().then(() => order.push("written"));
    await vi.waitFor(() => expect(slowSync).toHaveBeenCalled());
    // The writer's words are in the WAL, not yet on disk; a reader is not kept waiting for that.
    const read = await db.selectFrom("notes").select("text").execute();
    order.push("read");
    expect(read).toEqual([{ text: "a lead" }]);
    flush();
    await write;
    expect(order).toEqual(["read", "written"]);
  } finally {
    flush();
    slowSync.mockRestore();
    await db.destroy();
  }
});
