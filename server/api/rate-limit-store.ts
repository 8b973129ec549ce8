import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { safeError } from "../logging";
import type { Redis } from "ioredis";
import { clientKey } from "./visitor";

// The counters behind every rate limit (leads, sign-in, newsletter links): in
// Redis when it is configured and up, so instances share them; in this
// process's memory otherwise. A Redis outage never switches a limit off: each
// instance then counts on its own until Redis answers again.

/** Counters kept in memory at most; the oldest go first (a flood of addresses cannot grow it without end). */
const MEMORY_KEYS_MAX = 50_000;

/** INCR, with the window's expiry set by the first hit; answers the count and the time left. */
const incrementScript = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

class MemoryCounters {
  private readonly counters = new Map<string, { current: number; resetAt: number }>();

  incr(key: string, windowMs: number): Result {
    const now = Date.now();
    let entry = this.counters.get(key);
    if (!entry || entry.resetAt <= now) {
      this.counters.delete(key);
      entry = { current: 0, resetAt: now + windowMs };
      if (this.counters.size >= MEMORY_KEYS_MAX) this.counters.delete(this.counters.keys().next().value!);
      this.counters.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.resetAt - now };
  }
}

export interface RateLimitStoreOptions {
  redis?: Redis;
  /** Told when Redis fails and memory counts instead: at most once a minute, so an outage is one line a minute in the log. */
  onFallback?: (error: Error) => void;
}

const FALLBACK_WARN_INTERVAL_MS = 60_000;

/** The rate-limit plugin's settings shared by every limit: the store above and the client address (IPv6 per /64) as key. */
export function rateLimitStorage(nameSpace: string, { redis, onFallback }: RateLimitStoreOptions): Pick<RateLimitPluginOptions, "store" | "keyGenerator" | "skipOnError"> {
  const memory = new MemoryCounters();
  const sharedCount = redis ? defineIncrement(redis) : undefined;
  let lastWarned = -Infinity;
  const fellBack = (error: Error) => {
    if (Date.now() - lastWarned < FALLBACK_WARN_INTERVAL_MS) return;
    lastWarned = Date.now();
    onFallback?.(error);
  };

  class Store implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}${key}`;
      const inMemory = () => callback(null, memory.incr(fullKey, timeWindow));
      // While Redis is down, do not wait on its reconnection: count here at once.
      if (!sharedCount || redis?.status !== "ready") {
        if (sharedCount) fellBack(new Error(`Redis connection is ${redis?.status ?? "absent"}`));
        return inMemory();
      }
      sharedCount(fullKey, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: Error) => {
          fellBack(error);
          inMemory();
        },
      );
    }

    // The plugin passes the route's merged limit settings, with the route under routeInfo (its typings say otherwise).
    child(routeOptions: object): FastifyRateLimitStore {
      const { method = "", url = "" } = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new Store(`${this.prefix}${String(method)}${url}-`);
    }
  }

  return {
    store: class extends Store {
      constructor() {
        super(nameSpace);
      }
    } as unknown as FastifyRateLimitStoreCtor,
    keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    // Never skip: the store itself falls back to memory.
    skipOnError: false,
  };
}

function defineIncrement(redis: Redis): (key: string, windowMs: number) => Promise<[number, number]> {
  const command = "leadsRateLimitIncr";
  if (!(command in redis)) redis.defineCommand(command, { numberOfKeys: 1, lua: incrementScript });
  return (key, windowMs) => (redis as unknown as Record<string, (key: string, windowMs: number) => Promise<[number, number]>>)[command]!(key, windowMs);
}

/** A limit's storage on this server: in Redis when REDIS_URL is set, in memory (and one log line a minute) while it is down. */
export const serverRateLimitStorage = (app: FastifyInstance, nameSpace: string, what = "rate limits") =>
  rateLimitStorage(nameSpace, {
    redis: app.redis,
    onFallback: (error) => app.log.warn({ err: safeError(error) }, `redis unavailable: ${what} counted in this instance's memory until it is back`),
  });
