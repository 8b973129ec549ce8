import { createHmac } from "node:crypto";
import { bucketOf, formTimeHistogram, OTHER, vitalGood, vitalHistogram, vitalNames, type AnalyticsEvent, type LeaveEvent, type Visit } from "../../contract/analytics";
import { trailFields } from "../../contract/analytics-schema";
import { capOf, funnelSource, pageSourceKey, targetKey, type AnalyticsStore, type Dimension, type Increment, type Metric } from "../store/analytics-store";
import { pageKey, visitDimensions, type Device, type Dimensions } from "./dimensions";
import { LANDING_VISITS_MAX, LandingVisits } from "./landing-visits";
import { memoryVisitors, type VisitorCounter } from "./visitor-hash";

/** The key of a pending sign-up's analytics context: a keyed hash of the address (erasure computes it too). */
export const signupEmailHash = (secret: string, email: string) =>
  createHmac("sha256", secret).update(`analytics-signup\0${email.trim().toLowerCase()}`).digest("base64url");

// Turns events into daily counters. Counts are added up in memory and written
// in one transaction every flush interval (and on close), so a page view costs
// a Map update on the request path and the store sees a few upserts a second,
// whatever the traffic. Only these sums are ever written: no event, no hash.
// Each visit's landing is remembered in memory for the pages after the first
// (landing-visits.ts), which credit it when they say they continue a visit.

export interface CollectorOptions {
  store: AnalyticsStore;
  /** The site's host (part of the visitor hash) and every host of ours (not counted as referrers). */
  site: string;
  ownHosts: readonly string[];
  /** Key for the pending sign-up's address hash (the IP-hash key: persisted, so it survives restarts). */
  emailHashSecret: string;
  flushMs: number;
  /** Who is a new visitor today: shared through Redis when it is configured; this process's memory by default. */
  visitors?: VisitorCounter;
  /** Visits whose landing is remembered at most (LANDING_VISITS_MAX unless a test says otherwise). */
  landingVisitsMax?: number;
  now?: () => number;
  onFlushError?: (error: unknown) => void;
  /** A count that waited past its day's cap of distinct keys: its key dropped, the count kept as OTHER (a metric). */
  onKeyDropped?: (dimension: Dimension) => void;
}

export interface Requester {
  ip: string;
  userAgent: string;
  device: Device;
}

const keyOf = (increment: Omit<Increment, "count">) => JSON.stringify([increment.dimension, increment.day, increment.metric, increment.key]);

/**
 * The dimensions a count is kept by: all of a visit's, or only page and device (views, form steps); the
 * funnels' counts (form steps, fields, leads) also by page and the visit's source (`page_source`).
 */
export type Counted = Pick<Dimensions, "page" | "device"> & Partial<Dimensions> & { page_source?: string };
const dimensionNames = ["page", "referrer", "source", "medium", "campaign", "device", "page_source"] as const satisfies readonly Dimension[];

/** A funnel count's page_source key: the page, and the source of the visit it belongs to. */
const bySource = (page: string, landing: Pick<Dimensions, "source" | "referrer">) => pageSourceKey(page, funnelSource(landing));

/** One count of `metric` as the rows it adds to: one per dimension it has. */
export function incrementsOf(day: string, metric: Metric, dimensions: Counted, count = 1): Increment[] {
  return dimensionNames.flatMap((dimension) => {
    const key = dimensions[dimension];
    return key === undefined ? [] : [{ day, metric, dimension, key, count }];
  });
}

export function createCollector(options: CollectorOptions) {
  const { store, ownHosts } = options;
  const now = options.now ?? Date.now;
  const visitors: VisitorCounter = options.visitors ?? memoryVisitors(options.site, now);
  const landings = new LandingVisits(now, options.landingVisitsMax ?? LANDING_VISITS_MAX);
  let pending = new Map<string, Increment>();
  // The distinct keys of each capped dimension and day waiting to be written: past the cap a new one
  // waits as OTHER, so a flood of made-up referrers or campaigns stays small. It holds the keys of a
  // flush in flight too, and lets go of them only once the store has them: a failed flush puts its
  // counts back, and with them still counted here the cap holds however long the store is down.
  let pendingKeys = new Map<string, Set<string>>();
  let flushing: Promise<void> = Promise.resolve();

  function addTo(map: Map<string, Increment>, increment: Increment) {
    const id = keyOf(increment);
    const entry = map.get(id);
    if (entry) entry.count += increment.count;
    else map.set(id, { ...increment });
  }

  /** `n` more of `metric`, in the rollup of each dimension it has. */
  function count(metric: Metric, dimensions: Counted, day = visitors.today(), n = 1) {
    for (const increment of incrementsOf(day, metric, dimensions, n)) addTo(pending, capped(increment));
  }

  function capped(increment: Increment): Increment {
    const cap = capOf(increment);
    if (!cap) return increment;
    let keys = pendingKeys.get(cap.group);
    if (!keys) pendingKeys.set(cap.group, (keys = new Set()));
    if (keys.has(cap.member)) return increment;
    if (keys.size >= cap.max) {
      options.onKeyDropped?.(increment.dimension);
      return { ...increment, key: cap.other };
    }
    keys.add(cap.member);
    return increment;
  }

  /** The capped keys of `counts`, by their cap's group. */
  function keysOf(counts: Iterable<Increment>): Map<string, Set<string>> {
    const keys = new Map<string, Set<string>>();
    for (const increment of counts) {
      const cap = capOf(increment);
      if (!cap) continue;
      keys.set(cap.group, (keys.get(cap.group) ?? new Set()).add(cap.member));
    }
    return keys;
  }

  const emailHash = (email: string) => signupEmailHash(options.emailHashSecret, email);

  /**
   * The visit an event or lead is credited to. An entry view begins the visitor's visit here; any
   * other event keeps it going, and one that continues a visit (`n`) is credited to its landing,
   * if it is still remembered; otherwise to what the page sent.
   */
  function landingOf(visit: Visit, who: Requester, entry: boolean): Dimensions {
    const sent = visitDimensions(visit, who.device, ownHosts);
    const { day, hash } = visitors.visitor(who.ip, who.userAgent);
    if (entry) {
      const { device: _device, ...landing } = sent;
      landings.begin(day, hash, landing);
      return sent;
    }
    const landing = landings.touch(day, hash);
    return visit.n === 1 && landing ? { ...landing, device: who.device } : sent;
  }

  async function flush(): Promise<void> {
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await store.add(batch);
    } catch (error) {
      // Put the counts back: the next flush tries them again. Their keys never left pendingKeys, so
      // what arrived meanwhile was capped together with them.
      for (const increment of batch) addTo(pending, increment);
      throw error;
    }
    // Written: only what arrived during the write still waits.
    pendingKeys = keysOf(pending.values());
  }

  const runFlush = () => {
    flushing = flushing.then(flush).catch((error: unknown) => options.onFlushError?.(error));
    return flushing;
  };
  let timer: NodeJS.Timeout | undefined = setInterval(() => {
    void runFlush();
    void store.purgeExpiredSignups(new Date(now())).catch((error: unknown) => options.onFlushError?.(error));
  }, options.flushMs);
  timer.unref();

  return {
    /** A browser event: a page view (with its visit and visitor counts) or a form step. */
    async event(event: AnalyticsEvent, who: Requester): Promise<void> {
      const landing = landingOf(event.v, who, event.e === "view" && event.x === 1);
      const page = pageKey(event.p);
      if (event.e === "view") {
        const { day, newVisitor, newOnPage } = await visitors.see(who.ip, who.userAgent, page);
        const here = { ...landing, page };
        // Views are kept per page and device only: fewer rows, and the referrer/campaign tables count visits.
        count("view", { page, device: who.device }, day);
        if (event.x === 1) count("visit", landing, day);
        if (newVisitor) count("visitor", here, day);
        if (newOnPage) count("page_visitor", here, day);
        return;
      }
      if (!event.f) return;
      count(`${event.e}:${event.f}`, { page, device: who.device, page_source: bySource(page, landing) });
    },

    /**
     * The leave beacon: each form's field trail (by page and device, as the form steps) and the page's
     * web vitals (by page, the device in the metric), each into its histogram bucket. Validated by
     * LeaveSchema: every name is a field of its form's table.
     */
    leave(event: LeaveEvent, who: Requester): void {
      const day = visitors.today();
      const page = pageKey(event.p);
      const here: Counted = { page, device: who.device };
      if (event.t && event.v) here.page_source = bySource(page, landingOf(event.v, who, false));
      for (const trail of event.t ?? []) {
        const { f: form } = trail;
        const key = (wire: string) => trailFields[form].get(wire)?.key ?? OTHER;
        for (const wire of trail.r) count(`field_reach:${form}:${key(wire)}`, here, day);
        if (trail.l !== undefined) count(`field_left:${form}:${key(trail.l)}`, here, day);
        // A later beacon of the page view: the leave an earlier one reported is withdrawn (same day only; never below zero).
        if (trail.u !== undefined) count(`field_left:${form}:${key(trail.u)}`, here, day, -1);
        for (const [wire, message, times] of trail.m ?? []) count(`field_error:${form}:${key(wire)}:${message}`, here, day, times);
        for (const wire of trail.c ?? []) count(`field_fix:${form}:${key(wire)}`, here, day);
        if (trail.t !== undefined) count(`form_time:${form}:${bucketOf(formTimeHistogram, trail.t)}`, here, day);
      }
      const vital = (name: (typeof vitalNames)[number], value: number, n: number) => addTo(pending, { day, metric: `vital:${name}:${who.device}:${bucketOf(vitalHistogram[name], value)}`, dimension: "page", key: page, count: n });
      for (const name of vitalNames) {
        const value = event.w?.[name];
        if (value === undefined) continue;
        vital(name, value, 1);
        // The sample an earlier beacon of the page view reported, moved to its new bucket.
        const before = event.o?.[name];
        if (before !== undefined) vital(name, before, -1);
      }
      const inp = event.w?.INP;
      if (inp !== undefined && inp > vitalGood.INP && event.s !== undefined) {
        addTo(pending, capped({ day, metric: `inp_slow:${who.device}`, dimension: "target", key: targetKey(page, event.s), count: 1 }));
      }
    },

    /** An accepted enquiry, counted against the visit that produced it. */
    enquiry(visit: Visit, who: Requester): void {
      const landing = landingOf(visit, who, false);
      count("enquiry", { ...landing, page_source: bySource(landing.page, landing) });
    },

    /** A newsletter sign-up: counted now, and its context kept until the address is confirmed. */
    async signup(visit: Visit, who: Requester, email: string): Promise<void> {
      const dimensions = landingOf(visit, who, false);
      count("signup", { ...dimensions, page_source: bySource(dimensions.page, dimensions) });
      await store.rememberSignup(emailHash(email), dimensions, new Date(now()));
    },

    /** A confirmed address: counted against the sign-up's context, if one was kept. */
    async confirmed(email: string): Promise<void> {
      const dimensions = await store.takeSignup(emailHash(email), new Date(now()));
      if (dimensions) count("confirmed", { ...dimensions, page_source: bySource(dimensions.page, dimensions) });
    },

    flush: runFlush,

    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await runFlush();
    },
  };
}

export type Collector = ReturnType<typeof createCollector>;
