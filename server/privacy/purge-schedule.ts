import type { FastifyBaseLogger } from "fastify";
import type { PurgeResult } from "../../contract/admin";
import { safeError } from "../logging";

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
