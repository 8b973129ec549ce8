import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { safeError } from "../logging";
import { backupTime, listBackups, pruneBackups, takeBackup } from "./backup";

// Scheduled backups inside the server (BACKUP_DIR, BACKUP_INTERVAL_MS,
// BACKUP_KEEP): the next one is due one interval after the newest backup in
// the folder, so restarts neither skip nor repeat one; after each, all but the
// newest BACKUP_KEEP are removed. A failure is logged and tried again at the
// next interval.

export interface BackupSchedule {
  start(): Promise<void>;
  /** Stops the timer and waits for a backup in progress. */
  stop(): Promise<void>;
}

export interface BackupScheduleOptions {
  dataDir: string;
  dir: string;
  intervalMs: number;
  keep: number;
  log: Pick<FastifyBaseLogger, "info" | "error">;
}

export function createBackupSchedule({ dataDir, dir, intervalMs, keep, log }: BackupScheduleOptions): BackupSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, Math.max(0, ms));
    // A server being stopped is not kept alive by its backup timer.
    timer.unref();
  };

  function run() {
    running = (async () => {
      try {
        const { dir: written, manifest } = await takeBackup({ dataDir, into: dir });
        const removed = await pruneBackups(dir, keep);
        log.info({ backup: written, ms: manifest.ms, enquiries: manifest.database.counts.enquiries, subscribers: manifest.database.counts.subscribers, removed: removed.length }, "backup taken");
      } catch (error) {
        log.error({ err: safeError(error) }, "backup failed");
      }
    })().finally(() => {
      running = null;
      schedule(intervalMs);
    });
  }

  return {
    async start() {
      stopped = false;
      const newest = (await listBackups(dir)).at(-1);
      const last = newest ? backupTime(newest) : null;
      schedule(last ? last.getTime() + intervalMs - Date.now() : 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Scheduled backups of the SQLite store when BACKUP_DIR is set (the configuration refuses it with PostgreSQL). */
export const backupSchedulePlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    if (!config.backup || app.store.dialect !== "sqlite") return;
    const backups = createBackupSchedule({ ...config.backup, dataDir: config.dataDir, log: app.log });
    app.addHook("onReady", () => backups.start());
    app.addHook("onClose", () => backups.stop());
  },
  { name: "backup-schedule", dependencies: ["config", "database"] },
);
