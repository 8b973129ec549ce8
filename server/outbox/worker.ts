import type { FastifyBaseLogger } from "fastify";
import { safeError } from "../logging";
import type { OutboxRow } from "../store/schema";
import { backoffDelay } from "./backoff";
import { DeliveryError } from "./delivery-error";
import type { OutboxQueue } from "../store/outbox-store";

// Delivers the outbox inside the server process: polls for due rows, claims a
// batch, sends each outside any transaction, records the attempt, and retries
// failures with capped exponential backoff and full jitter until they succeed.

/** How long a claim lasts: longer than any one delivery can take (SMTP and webhook timeouts are shorter). */
export const CLAIM_LEASE_MS = 120_000;
export const BATCH_SIZE = 10;

/** Sends one row; resolves to the peer's answer, throws (a DeliveryError when it knows more). */
export type Deliver = (row: OutboxRow) => Promise<string>;

export interface WorkerOptions {
  queue: OutboxQueue;
  deliver: Deliver;
  pollMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /**
   * Called when a row was erased while it was being delivered: whatever the
   * delivery left behind (a mail file) must go too.
   */
  discard?: (row: OutboxRow) => Promise<void>;
}

export interface OutboxWorker {
  start(): void;
  /** Look now (a lead was just stored) rather than at the next poll. */
  poke(): void;
  /** One pass: claims and delivers what is due; resolves to how many rows it handled. */
  runOnce(): Promise<number>;
  /** Waits for the deliveries of these rows that are in flight in this process, if any, to finish. */
  drain(ids: readonly string[]): Promise<void>;
  /** Stops polling and waits for the delivery in flight to finish and be recorded. */
  stop(): Promise<void>;
}

/** SMTP replies often quote the recipient; the log never names anyone. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>@]+@[^\s<>@]+/g, "[address]");

export function createOutboxWorker({ queue, deliver, pollMs, baseDelayMs, maxDelayMs, log, discard }: WorkerOptions): OutboxWorker {
  let stopped = true;
  const inFlight = new Map<string, Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  async function settle(row: OutboxRow) {
    const attemptedAt = new Date().toISOString();
    const started = performance.now();
    let kept: boolean;
    try {
      const response = await deliver(row);
      kept = await queue.markSent(row, { ok: true, response, attemptedAt, durationMs: performance.now() - started });
      if (kept) log.info({ outboxId: row.id, topic: row.topic, attempt: row.attempts + 1 }, "outbox delivered");
    } catch (error) {
      const failure = error instanceof DeliveryError ? error : new DeliveryError((error as Error)?.message ?? String(error));
      const retryAt = failure.permanent ? null : new Date(Date.now() + backoffDelay(row.attempts, baseDelayMs, maxDelayMs)).toISOString();
      kept = await queue.markFailed(row, { ok: false, error: failure.message, response: failure.response, attemptedAt, durationMs: performance.now() - started }, retryAt);
      if (kept) log.warn({ outboxId: row.id, topic: row.topic, attempt: row.attempts + 1, error: withoutAddresses(failure.message), retryAt: retryAt ?? "never (permanent)" }, "outbox delivery failed");
    }
    if (!kept) {
      await discard?.(row);
      log.info({ outboxId: row.id, topic: row.topic }, "outbox row erased during its delivery: its traces removed");
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await queue.claim(BATCH_SIZE, CLAIM_LEASE_MS);
    await Promise.all(
      rows.map((row) => {
        // A failure to record (the database away) leaves the claim to expire; the row is tried again then.
        const settled = settle(row)
          .catch((error: unknown) => log.error({ outboxId: row.id, err: safeError(error) }, "outbox record failed"))
          .finally(() => inFlight.delete(row.id));
        // Known by id, so an erasure can wait for a delivery of the rows it deletes (drain).
        inFlight.set(row.id, settled);
        return settled;
      }),
    );
    return rows.length;
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, ms);
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // A full batch means more may be waiting.
        if ((await runOnce()) === BATCH_SIZE) again = true;
      } while (again && !stopped);
    })()
      .catch((error: unknown) => log.error({ err: safeError(error) }, "outbox poll failed"))
      .finally(() => {
        running = null;
        schedule(pollMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    poke() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    runOnce,
    async drain(ids) {
      await Promise.all(ids.map((id) => inFlight.get(id)));
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
