import { once } from "node:events";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// WAL checkpoints off the event loop. The server's connection runs with
// wal_autocheckpoint=0, so its COMMITs only append to the WAL; this worker
// thread, with a connection of its own, copies the WAL back into the database
// file (and fsyncs it) every CHECKPOINT_INTERVAL_MS with a PASSIVE checkpoint,
// which never waits for anyone. When the WAL still grows past
// RESTART_AFTER_FRAMES (writers kept it busy), a RESTART checkpoint waits up to
// RESTART_BUSY_MS for a gap between commits, so the next commit starts the WAL
// from its beginning again.

export const CHECKPOINT_INTERVAL_MS = 200;
export const RESTART_AFTER_FRAMES = 1000;
export const RESTART_BUSY_MS = 20;

export interface CheckpointStats {
  /** PASSIVE and RESTART checkpoints run so far. */
  passive: number;
  restart: number;
  /** WAL frames after the last checkpoint (the WAL's length in pages). */
  walFrames: number;
}

export interface Checkpointer {
  /** What the worker has done so far (asks it). */
  stats(): Promise<CheckpointStats>;
  /** Runs one final PASSIVE checkpoint, closes the worker's connection and ends the thread. */
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  file: string;
  intervalMs?: number;
  restartAfterFrames?: number;
  /**
   * The thread failed or ended without stop(): nothing checkpoints any more, so
   * the caller hands checkpoints back to SQLite (or the WAL would grow forever).
   */
  onFailure?: (error: unknown) => void;
}

// Plain JavaScript, evaluated as the worker's script: it runs the same way under
// tsx, vitest and a bundler, with no TypeScript loader in the thread.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.betterSqlite3);
const db = new Database(workerData.file);
db.pragma("busy_timeout = " + workerData.restartBusyMs);
const stats = { passive: 0, restart: 0, walFrames: 0 };
let timer;
function checkpoint(mode) {
  try {
    const [result] = db.pragma("wal_checkpoint(" + mode + ")");
    stats[mode === "PASSIVE" ? "passive" : "restart"] += 1;
    stats.walFrames = result.log;
    return result;
  } catch (error) {
    // SQLITE_BUSY and the like: the next tick tries again.
    return undefined;
  }
}
function tick() {
  const result = checkpoint("PASSIVE");
  if (result && result.log > workerData.restartAfterFrames) checkpoint("RESTART");
  timer = setTimeout(tick, workerData.intervalMs);
}
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message === "stats") parentPort.postMessage({ stats });
  if (message === "stop") {
    clearTimeout(timer);
    checkpoint("PASSIVE");
    db.close();
    parentPort.close();
  }
});
`;

export function startCheckpointer({
  file,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  restartAfterFrames = RESTART_AFTER_FRAMES,
  onFailure,
}: CheckpointerOptions): Checkpointer {
  const betterSqlite3 = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { file, intervalMs, restartAfterFrames, restartBusyMs: RESTART_BUSY_MS, betterSqlite3 },
  });
  // Not events.once(): it rejects on an "error" event, an unhandled rejection that would end the server.
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  // A process that ends without closing the store is not held open by this thread.
  worker.unref();
  let stopping: Promise<void> | undefined;
  let failed = false;
  const fail = (error: unknown) => {
    if (failed || stopping) return;
    failed = true;
    onFailure?.(error);
  };
  // A failing thread must not crash the server: it says so once, and the caller falls back.
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the checkpoint thread ended (exit code ${code})`)));
  return {
    async stats() {
      const answer = once(worker, "message") as Promise<[{ stats: CheckpointStats }]>;
      worker.postMessage("stats");
      return (await answer)[0].stats;
    },
    stop() {
      stopping ??= (async () => {
        // Unreferenced, the thread would let a process with nothing else to do exit
        // mid-stop: the final checkpoint cut short, and whoever awaits stop() never resumed.
        worker.ref();
        worker.postMessage("stop");
        await exited;
      })();
      return stopping;
    },
  };
}
