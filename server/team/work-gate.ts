// A gate in front of costly work: at most `atOnce` run together, at most
// `waitingMax` wait their turn in order, and any more are refused at once
// rather than queued without end. The team's password hashes pass through
// one (passwords.ts), so a flood of sign-ins cannot take every thread of
// libuv's pool, which the store's durable writes and the site's files share.

/** Thrown when the gate's queue is full: nothing was run. Fastify answers it with its status. */
export class GateFull extends Error {
  readonly statusCode = 429;
  constructor(what: string) {
    super(`${what}: too many waiting`);
    this.name = "GateFull";
  }
}

export interface WorkGate {
  /** Runs `work` when a place is free; rejects with GateFull, having run nothing, when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Now: running, waiting; and the most that ever ran together. */
  stats(): { running: number; waiting: number; peakRunning: number };
}

export function createWorkGate({ what, atOnce, waitingMax }: { what: string; atOnce: number; waitingMax: number }): WorkGate {
  if (!Number.isInteger(atOnce) || atOnce < 1 || !Number.isInteger(waitingMax) || waitingMax < 0) {
    throw new Error(`A work gate needs atOnce >= 1 and waitingMax >= 0 (whole numbers); got ${atOnce} and ${waitingMax}`);
  }
  let running = 0;
  let peakRunning = 0;
  const waiting: (() => void)[] = [];

  /** A finished run hands its place straight to the first waiting, so no newcomer slips in between. */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(work) {
      if (running >= atOnce) {
        if (waiting.length >= waitingMax) throw new GateFull(what);
        // The place is handed over by release(): running stays counted across the handover.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      peakRunning = Math.max(peakRunning, running);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length, peakRunning }),
  };
}
