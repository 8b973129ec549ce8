import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PurgeResult } from "../../contract/admin";
import { safeError } from "../logging";
import { countsOf, SCHEDULE_ACTOR } from "../store/audit";

// The retention purge inside the server: once at start, then every
// PURGE_INTERVAL_HOURS. Several instances sharing a store may each run it: a
// purge deletes only what has expired, so running it twice removes nothing more.

export interface PurgeSchedule {
  start(): void;
  /** Stops the timer and waits for a purge in progress. */
  stop(): Promise<void>;
}

export interface PurgeScheduleOptions {
  purge: () => Promise<PurgeResult>;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, "info" | "error">;
}

export function createPurgeSchedule({ purge, intervalMs, log }: PurgeScheduleOptions): PurgeSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = true;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    // A server being stopped is not kept alive by its purge timer.
    timer.unref();
  };

  function run() {
    running = (async () => {
      const started = performance.now();
      try {
        const result = await purge();
        log.info({ purged: result, ms: Math.round(performance.now() - started) }, "retention purge");
      } catch (error) {
        log.error({ err: safeError(error) }, "retention purge failed");
      }
    })().finally(() => {
      running = null;
      schedule(intervalMs);
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The retention purge inside the server: at start and every PURGE_INTERVAL_HOURS, stopped on close. */
export const purgeSchedulePlugin = fp(
  async (app: FastifyInstance) => {
    const purges = createPurgeSchedule({
      purge: async () => {
        const result = await app.personalData.purge();
        // A scheduled purge that removed nothing is in the log only: the trail would fill with empty rows.
        if (Object.values(countsOf(result)).some((count) => count !== 0)) {
          await app.audit.record({ action: "purge", actor: SCHEDULE_ACTOR, detail: countsOf(result) });
        }
        return result;
      },
      intervalMs: app.config.retention.intervalMs,
      log: app.log,
    });
    app.addHook("onReady", async () => purges.start());
    app.addHook("onClose", () => purges.stop());
  },
  { name: "purge-schedule", dependencies: ["config", "personal-data", "audit"] },
);
