import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

// Unique visitors the way Plausible counts them: a hash of a salt that is
// random for each UTC day, the site, the address and the user agent. The salt
// lives only in memory and is replaced when the day changes, so yesterday's
// hashes cannot be recomputed and nobody is followed across days. The hashes
// themselves are never written to the store: they decide whether a view is the
// first of the day for its visitor (and for its page), and key the landing of
// the visitor's current visit, remembered in memory (landing-visits.ts).
//
// Without Redis the salt and the day's hashes are this process's own. With
// Redis (SharedDailyVisitors) every instance uses the day's one salt, kept in
// Redis, and a HyperLogLog per day (PFADD answers whether the view changed the
// day's estimate, PFCOUNT gives it): a visitor seen by two instances, or by one
// before and after a restart, is counted once. The salt and the HyperLogLogs
// expire an hour after their day ends. While Redis does not answer, each
// instance counts in its own memory meanwhile.

/** Seen hashes kept per day at most; past it, further new visitors are still counted but no longer de-duplicated. */
export const SEEN_MAX = 1_000_000;

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class DailyVisitors {
  private day = "";
  private salt = Buffer.alloc(0);
  private readonly visitors = new Set<string>();
  private readonly pageVisitors = new Set<string>();

  constructor(
    private readonly site: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Today's day, rotating the salt (and forgetting every hash) when it has changed. */
  today(): string {
    const day = utcDay(this.now());
    if (day !== this.day) {
      this.day = day;
      this.salt = randomBytes(16);
      this.visitors.clear();
      this.pageVisitors.clear();
    }
    return day;
  }

  /** The visitor's hash under today's salt (the day with it): what stands for the visitor, never the address. */
  visitor(ip: string, userAgent: string): { day: string; hash: string } {
    const day = this.today();
    return { day, hash: createHash("sha256").update(this.salt).update(`\0${this.site}\0${ip}\0${userAgent}`).digest("base64url").slice(0, 22) };
  }

  /** Whether this view is its visitor's first of the day, and first on this page today. */
  see(ip: string, userAgent: string, page: string): { day: string; newVisitor: boolean; newOnPage: boolean } {
    const { day, hash } = this.visitor(ip, userAgent);
    const newVisitor = remember(this.visitors, hash);
    const newOnPage = remember(this.pageVisitors, `${hash} ${page}`);
    return { day, newVisitor, newOnPage };
  }
}

function remember(set: Set<string>, key: string): boolean {
  if (set.has(key)) return false;
  if (set.size < SEEN_MAX) set.add(key);
  return true;
}

/**
 * What the collector asks: the day, whether a view is its visitor's first of the day (and on its
 * page), and the visitor's hash under this process's salt for the day (the key of the landing
 * visits it remembers in memory, landing-visits.ts).
 */
export interface VisitorCounter {
  today(): string;
  see(ip: string, userAgent: string, page: string): Promise<{ day: string; newVisitor: boolean; newOnPage: boolean }>;
  visitor(ip: string, userAgent: string): { day: string; hash: string };
}

/** This process's memory only. */
export function memoryVisitors(site: string, now: () => number = Date.now): VisitorCounter {
  const visitors = new DailyVisitors(site, now);
  return { today: () => visitors.today(), see: async (ip, userAgent, page) => visitors.see(ip, userAgent, page), visitor: (ip, userAgent) => visitors.visitor(ip, userAgent) };
}

const HOUR_MS = 60 * 60 * 1000;
const SALT_RECHECK_MS = 60 * 1000;
/** Redis keys: the day's salt and its two HyperLogLogs. */
export const redisVisitorKeys = (day: string) => ({ salt: `analytics:salt:${day}`, visitors: `analytics:visitors:${day}`, pageVisitors: `analytics:page-visitors:${day}` });

/** Shared by every instance through Redis (see the top of this file); memory while Redis is down. */
export class SharedDailyVisitors implements VisitorCounter {
  private saltDay = "";
  private saltAt = 0;
  private salt: Promise<Buffer> | undefined;
  private readonly fallback: DailyVisitors;

  constructor(
    private readonly site: string,
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = new DailyVisitors(site, now);
  }

  today(): string {
    return utcDay(this.now());
  }

  /**
   * This instance's own daily hash (the landing visits are remembered in this instance's memory
   * only, so the shared salt, and a Redis round trip on every event and lead, would buy nothing).
   */
  visitor(ip: string, userAgent: string): { day: string; hash: string } {
    return this.fallback.visitor(ip, userAgent);
  }

  /** Milliseconds until an hour after the end of `day` (UTC): how long its keys live. */
  private ttl(day: string): number {
    return Math.max(HOUR_MS, Date.parse(`${day}T00:00:00.000Z`) + 25 * HOUR_MS - this.now());
  }

  /** The day's salt: the first instance to ask makes it (SET NX), every other reads that one. */
  private daySalt(day: string): Promise<Buffer> {
    // Read again every minute: should Redis lose the key (a restart without persistence), every
    // instance is back on the one salt within a minute instead of each keeping its own all day.
    if (this.saltDay !== day || !this.salt || this.now() - this.saltAt > SALT_RECHECK_MS) {
      this.saltDay = day;
      this.saltAt = this.now();
      const key = redisVisitorKeys(day).salt;
      this.salt = this.redis
        .set(key, randomBytes(16).toString("hex"), "PX", this.ttl(day), "NX")
        .then(() => this.redis.get(key))
        .then((hex) => {
          if (!hex) throw new Error("analytics salt missing in Redis");
          return Buffer.from(hex, "hex");
        });
      // A failure is not kept: the next view asks again.
      this.salt.catch(() => {
        if (this.saltDay === day) this.salt = undefined;
      });
    }
    return this.salt;
  }

  async see(ip: string, userAgent: string, page: string): Promise<{ day: string; newVisitor: boolean; newOnPage: boolean }> {
    const day = this.today();
    if (this.redis.status !== "ready") return this.fallback.see(ip, userAgent, page);
    try {
      const salt = await this.daySalt(day);
      const hash = createHash("sha256").update(salt).update(`\0${this.site}\0${ip}\0${userAgent}`).digest("base64url").slice(0, 22);
      const keys = redisVisitorKeys(day);
      const ttl = this.ttl(day);
      const results = await this.redis
        .multi()
        .pfadd(keys.visitors, hash)
        .pfadd(keys.pageVisitors, `${hash} ${page}`)
        .pexpire(keys.visitors, ttl)
        .pexpire(keys.pageVisitors, ttl)
        .exec();
      if (!results || results.some(([error]) => error)) throw new Error("analytics visitors not counted in Redis");
      return { day, newVisitor: results[0]![1] === 1, newOnPage: results[1]![1] === 1 };
    } catch {
      return this.fallback.see(ip, userAgent, page);
    }
  }

  /** The day's unique visitors as Redis estimates them (PFCOUNT; standard error 0.81%). */
  async count(day: string): Promise<number> {
    return this.redis.pfcount(redisVisitorKeys(day).visitors);
  }
}
