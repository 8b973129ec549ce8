import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { safeError } from "../logging";
import { sameSecret } from "./metrics";
import type { OutboxStats } from "../store/outbox-stats";

// GET /readyz: whether this instance can take leads now. The store (and Redis,
// when configured) must answer within READINESS_TIMEOUT_MS; a load balancer
// stops sending traffic to an instance that answers 503. The outbox's figures
// ride along for the owner, but never make an instance unready: a mail outage
// delays emails, it does not stop leads being stored.

/** How long a dependency may take to answer before it counts as down (a probe must answer before the balancer gives up). */
export const READINESS_TIMEOUT_MS = 2000;

export type Dependency = "store" | "redis";

export interface ReadinessReport {
  status: "ready" | "not-ready";
  /** What is down, if anything. */
  down: Dependency[];
  checks: Partial<Record<Dependency, { ok: boolean; ms: number; error?: "timeout" | "unreachable" }>>;
  /** Null while the store is down. */
  outbox: OutboxStats | null;
}

export interface ReadinessOptions {
  /** One round trip to the store that answers the outbox's figures (StoreInfo.check). */
  checkStore: () => Promise<OutboxStats>;
  redis?: Redis;
  timeoutMs?: number;
}

class Timeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  // The slow call still settles later; its result (or error) is dropped.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createReadinessCheck({ checkStore, redis, timeoutMs = READINESS_TIMEOUT_MS }: ReadinessOptions) {
  async function check<T>(work: () => Promise<T>) {
    const started = performance.now();
    try {
      const value = await withTimeout(work(), timeoutMs);
      return { ok: true as const, ms: Math.round(performance.now() - started), value };
    } catch (error) {
      return { ok: false as const, ms: Math.round(performance.now() - started), error: error instanceof Timeout ? ("timeout" as const) : ("unreachable" as const), cause: error };
    }
  }

  return async function readiness(log?: { warn: (object: object, message: string) => void }): Promise<ReadinessReport> {
    const [store, cache] = await Promise.all([
      // One round trip that proves the store answers, and the outbox's figures with it.
      check(checkStore),
      redis
        ? check(async () => {
            // ioredis queues commands while reconnecting; a disconnected client is down now, not in a while.
            if (redis.status !== "ready") throw new Error(`redis connection is ${redis.status}`);
            await redis.ping();
          })
        : undefined,
    ]);
    const down: Dependency[] = [];
    const checks: ReadinessReport["checks"] = {};
    checks.store = store.ok ? { ok: true, ms: store.ms } : { ok: false, ms: store.ms, error: store.error };
    if (!store.ok) {
      down.push("store");
      log?.warn({ dependency: "store", err: safeError(store.cause) }, "not ready");
    }
    if (cache) {
      checks.redis = cache.ok ? { ok: true, ms: cache.ms } : { ok: false, ms: cache.ms, error: cache.error };
      if (!cache.ok) {
        down.push("redis");
        log?.warn({ dependency: "redis", err: safeError(cache.cause) }, "not ready");
      }
    }
    return { status: down.length === 0 ? "ready" : "not-ready", down, checks, outbox: store.ok ? store.value : null };
  };
}

const loopback = (address: string | undefined) => address !== undefined && (/^127\./.test(address) || address === "::1" || /^::ffff:127\./i.test(address));

/**
 * Whether this caller may read the details (what is down, timings, the outbox's counts): a probe on the
 * machine itself, or anyone with the metrics token. A request a reverse proxy forwarded arrives from
 * loopback too, so one carrying a forwarding header is treated as coming from outside.
 */
function seesDetails(request: FastifyRequest, metricsToken: string | undefined): boolean {
  const forwarded = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  if (!forwarded && loopback(request.socket.remoteAddress)) return true;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  return metricsToken !== undefined && given !== undefined && sameSecret(given, metricsToken);
}

/** GET /readyz: 200 when ready, 503 when not; the details only for a loopback probe or the metrics token. Never cached. */
export async function readinessRoutes(app: FastifyInstance) {
  const readiness = createReadinessCheck({ checkStore: () => app.store.check(), redis: app.redis });
  const metricsToken = app.config.metrics.token;
  app.get("/readyz", async (request, reply) => {
    const report = await readiness(request.log);
    const body = seesDetails(request, metricsToken) ? report : { status: report.status };
    return reply.code(report.status === "ready" ? 200 : 503).header("cache-control", "no-store").send(body);
  });
}
