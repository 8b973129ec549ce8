import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { walSyncer } from "./wal-sync";

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
