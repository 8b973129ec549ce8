import { once } from "node:events";
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

/** What the backup thread (sqlite-snapshot-worker.ts) is given. */
export interface SnapshotRequest {
  source: string;
  destination: string;
  niceness: number;
}

/** The backup thread: a module of its own, type-checked and linted, loaded as a file. */
const workerFile = new URL("./sqlite-snapshot-worker.ts", import.meta.url);

/** Copies the SQLite store at `source` to `destination` (a new file) and describes the copy. */
export async function snapshotSqlite(source: string, destination: string): Promise<Snapshot> {
  const request: SnapshotRequest = { source, destination, niceness: BACKUP_NICENESS };
  const worker = new Worker(workerFile, { workerData: request });
  const exited = once(worker, "exit");
  try {
    const [message] = (await Promise.race([once(worker, "message"), exited.then(() => [{ error: "the backup thread ended without an answer" }])])) as [{ snapshot?: Snapshot; error?: string }];
    if (message.error || !message.snapshot) throw new Error(`SQLite backup failed: ${message.error ?? "no answer"}`);
    return message.snapshot;
  } finally {
    await worker.terminate();
  }
}
