import type { Dimensions } from "./dimensions";

// Where each visit began, remembered by the server so the pages after the first
// can be credited to it: every page is a document load, and the browser keeps
// nothing between pages (no cookie, no storage). Plausible's way: the key is
// the visitor hash (visitor-hash.ts: the day's random salt, the site, the IP and
// the user agent; never the IP itself), the value the landing page, referrer
// host and UTM values as they are counted. This process's memory only: never
// written, not shared between instances, gone on restart and when the day (and
// with it the salt) changes. Bounded in time and in size, so junk cannot grow it.

/**
 * A visit ends after 30 minutes without an event from its visitor: the session
 * timeout Plausible and Google Analytics use, long enough to read a page and
 * fill in a form, short enough that the memory holds only visits in progress.
 */
export const VISIT_IDLE_MS = 30 * 60 * 1000;

/**
 * Visitors remembered at most; past it the one idle longest is forgotten first.
 * Far above this site's visitors in any half hour; about 45 MB at worst, with
 * every referrer and UTM value at its longest (100 characters), far less with
 * real ones (most are empty).
 */
export const LANDING_VISITS_MAX = 50_000;

/** A visit's landing as it is credited; the device is the request's own. */
export type Landing = Omit<Dimensions, "device">;

export class LandingVisits {
  private day = "";
  /** In order of last event, the idlest first (a Map keeps insertion order; a refresh re-inserts). */
  private readonly visits = new Map<string, { landing: Landing; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = LANDING_VISITS_MAX,
  ) {}

  get size(): number {
    return this.visits.size;
  }

  /** An entry view: the visitor's visit begins here (replacing any earlier one). */
  begin(day: string, visitor: string, landing: Landing): void {
    this.forgetStale(day);
    this.visits.delete(visitor);
    while (this.visits.size >= this.max) this.visits.delete(this.visits.keys().next().value!);
    this.visits.set(visitor, { landing, at: this.now() });
  }

  /** Any other event of the visitor: its visit's landing, if one is remembered, and the visit kept for another VISIT_IDLE_MS. */
  touch(day: string, visitor: string): Landing | undefined {
    this.forgetStale(day);
    const remembered = this.visits.get(visitor);
    if (!remembered) return undefined;
    this.visits.delete(visitor);
    this.visits.set(visitor, { landing: remembered.landing, at: this.now() });
    return remembered.landing;
  }

  /** Forgets every visit of another day (its hashes no longer match) and every visit idle past VISIT_IDLE_MS. */
  private forgetStale(day: string): void {
    if (day !== this.day) {
      this.day = day;
      this.visits.clear();
      return;
    }
    const oldest = this.now() - VISIT_IDLE_MS;
    for (const [visitor, { at }] of this.visits) {
      if (at > oldest) break;
      this.visits.delete(visitor);
    }
  }
}
