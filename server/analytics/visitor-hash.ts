import { createHash, randomBytes } from "node:crypto";

// Unique visitors the way Plausible counts them: a hash of a salt that is
// random for each UTC day, the site, the address and the user agent. The salt
// lives only in this process's memory and is replaced when the day changes, so
// yesterday's hashes cannot be recomputed and nobody is followed across days.
// The hashes themselves are never written anywhere: they only decide whether a
// view is the first of the day for its visitor (and for its page).

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

  /** Whether this view is its visitor's first of the day, and first on this page today. */
  see(ip: string, userAgent: string, page: string): { day: string; newVisitor: boolean; newOnPage: boolean } {
    const day = this.today();
    const hash = createHash("sha256").update(this.salt).update(`\0${this.site}\0${ip}\0${userAgent}`).digest("base64url").slice(0, 22);
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
