import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import type { Snapshot, SnapshotRequest } from "./sqlite-snapshot";

// The backup thread of sqlite-snapshot.ts, loaded as a file by URL. Node runs
// it as it is: Node 24 strips its types (`npm start` registers tsx on the main
// thread only), and `node --import tsx` passes its loader on to the thread. So
// it imports packages and `node:` modules only, and types with `import type`.

const { source, destination, niceness } = workerData as SnapshotRequest;

function sha256(file: string): string {
  const hash = createHash("sha256");
  const buffer = Buffer.alloc(1 << 20);
  const fd = fs.openSync(file, "r");
  try {
    for (let read; (read = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; ) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest("hex");
}

async function copy(): Promise<Omit<Snapshot, "sha256">> {
  const live = new Database(source, { fileMustExist: true });
  let pages: number;
  try {
    live.pragma("busy_timeout = 5000");
    live.pragma("query_only = 1");
    // better-sqlite3 starts with a step of 0 pages; the next step copies everything at once.
    const result = await live.backup(destination, { progress: () => 0x7fffffff });
    pages = result.totalPages;
  } finally {
    live.close();
  }
  const copied = new Database(destination, { fileMustExist: true });
  try {
    const check = copied.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`the copy failed SQLite's quick_check: ${String(check)}`);
    const count = (sql: string) => Number(copied.prepare(sql).pluck().get());
    const statuses = copied.prepare<[], { status: string; n: number }>("select status, count(*) as n from outbox group by status").all();
    const byStatus = new Map(statuses.map((row) => [row.status, Number(row.n)]));
    const counts = {
      enquiries: count("select count(*) from enquiries"),
      subscribers: count("select count(*) from subscribers"),
      outbox: { pending: byStatus.get("pending") ?? 0, sent: byStatus.get("sent") ?? 0, failed: byStatus.get("failed") ?? 0 },
      deliveryAttempts: count("select count(*) from delivery_attempts"),
    };
    const migrations = copied.prepare("select name from kysely_migration order by name").pluck().all() as string[];
    // The copy keeps the store's WAL mode; a backup folder needs no -wal or -shm beside it.
    copied.pragma("journal_mode = DELETE");
    return { counts, migrations, pages };
  } finally {
    copied.close();
  }
}

// On Linux a nice value is per thread: the copy, check and checksum yield the CPU to the server's own thread.
try {
  os.setPriority(niceness);
} catch {
  // Not permitted here (some containers): the copy runs at the server's priority.
}

copy()
  .then((snapshot) => parentPort?.postMessage({ snapshot: { ...snapshot, sha256: sha256(destination) } }))
  .catch((error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }));
