import { once } from "node:events";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// A consistent copy of a live SQLite store, taken with SQLite's online backup
// API (better-sqlite3's db.backup()) on a connection of its own, in a worker
// thread. The copy is made in one step, so it reads one snapshot (one WAL read
// transaction) from start to end: the server keeps committing meanwhile, its
// event loop never waits for the copy, and the copy is exactly the store as
// it was when the step began. The same thread then checks the copy and counts
// what it holds, so the manifest describes the file written, not the live one.

export interface SnapshotCounts {
  enquiries: number;
  subscribers: number;
  outbox: { pending: number; sent: number; failed: number };
  deliveryAttempts: number;
}

export interface Snapshot {
  counts: SnapshotCounts;
  /** Migrations applied in the copy, oldest first. */
  migrations: string[];
  /** Pages copied (of the database's page size). */
  pages: number;
  /** sha256 of the copy, as written. */
  sha256: string;
}

/** The backup thread's nice value (19, the lowest priority): a backup may take longer, the visitors' requests must not. */
export const BACKUP_NICENESS = 19;

// Plain JavaScript evaluated as the worker's script:
// no TypeScript loader is needed in the thread.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const Database = require(workerData.betterSqlite3);
// On Linux a nice value is per thread: the copy, check and checksum yield the CPU to the server's own thread.
try { os.setPriority(workerData.niceness); } catch {}
function sha256(file) {
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
async function run() {
  const source = new Database(workerData.source, { fileMustExist: true });
  let pages = 0;
  try {
    source.pragma("busy_timeout = 5000");
    source.pragma("query_only = 1");
    // better-sqlite3 starts with a step of 0 pages; the next step copies everything at once.
    const result = await source.backup(workerData.destination, { progress: () => 0x7fffffff });
    pages = result.totalPages;
  } finally {
    source.close();
  }
  const copy = new Database(workerData.destination, { fileMustExist: true });
  try {
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error("the copy failed SQLite's quick_check: " + check);
    const count = (sql) => Number(copy.prepare(sql).pluck().get());
    const byStatus = Object.fromEntries(copy.prepare("select status, count(*) as n from outbox group by status").all().map((row) => [row.status, Number(row.n)]));
    const counts = {
      enquiries: count("select count(*) from enquiries"),
      subscribers: count("select count(*) from subscribers"),
      outbox: { pending: byStatus.pending ?? 0, sent: byStatus.sent ?? 0, failed: byStatus.failed ?? 0 },
      deliveryAttempts: count("select count(*) from delivery_attempts"),
    };
    const migrations = copy.prepare("select name from kysely_migration order by name").pluck().all();
    // The copy keeps the store's WAL mode; a backup folder needs no -wal or -shm beside it.
    copy.pragma("journal_mode = DELETE");
    return { counts, migrations, pages };
  } finally {
    copy.close();
  }
}
async function runAndHash() {
  const snapshot = await run();
  return { ...snapshot, sha256: sha256(workerData.destination) };
}
runAndHash().then((snapshot) => parentPort.postMessage({ snapshot }), (error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

/** Copies the SQLite store at `source` to `destination` (a new file) and describes the copy. */
export async function snapshotSqlite(source: string, destination: string): Promise<Snapshot> {
  const betterSqlite3 = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(workerSource, { eval: true, workerData: { source, destination, betterSqlite3, niceness: BACKUP_NICENESS } });
  const exited = once(worker, "exit");
  try {
    const [message] = (await Promise.race([once(worker, "message"), exited.then(() => [{ error: "the backup thread ended without an answer" }])])) as [{ snapshot?: Snapshot; error?: string }];
    if (message.error || !message.snapshot) throw new Error(`SQLite backup failed: ${message.error ?? "no answer"}`);
    return message.snapshot;
  } finally {
    await worker.terminate();
  }
}
