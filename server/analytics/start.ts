import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import { EVENT_ENDPOINT } from "../../contract/analytics";
import type { Config } from "../config";
import { safeError } from "../logging";
import type { LeadStore } from "../store/lead-store";
import type { Database } from "../store/schema";
import { eventRoutes, leadCounter, reportRoutes } from "./analytics-plugin";
import { createAnalyticsStore } from "../store/analytics-store";
import { createCollector } from "./collector";
import { SharedDailyVisitors } from "./visitor-hash";

// Analytics as the app wires it: the store, the in-memory collector, the event
// endpoint, and what the lead API and the admin plugin are handed.

export interface StartOptions {
  config: Config;
  db: Kysely<Database>;
  redis?: Redis;
  /** Key for the pending sign-ups' address hashes (persisted, so confirmations match after a restart). */
  emailHashSecret: string;
  now?: () => number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Writes the analytics counts gathered so far (they are otherwise written every ANALYTICS_FLUSH_MS). */
    analyticsFlush?: () => Promise<void>;
  }
}

/** Events per IP are limited per minute. */
const RATE_WINDOW_MS = 60_000;

export async function startAnalytics(app: FastifyInstance, { config, db, redis, emailHashSecret, now }: StartOptions) {
  const { honorGpc, rateLimitMax, flushMs } = config.analytics;
  const store = createAnalyticsStore(db);
  const site = config.publicSiteUrl.hostname.toLowerCase();
  const collector = createCollector({
    store,
    site,
    ownHosts: [site, "localhost", "127.0.0.1"],
    emailHashSecret,
    flushMs,
    // With Redis every instance counts the day's unique visitors together.
    visitors: redis ? new SharedDailyVisitors(site, redis, now) : undefined,
    now,
    onFlushError: (error) => app.log.error({ err: safeError(error) }, "analytics: counts not written (kept for the next try)"),
  });
  await app.register(eventRoutes, {
    prefix: EVENT_ENDPOINT,
    collector,
    redis,
    honorGpc,
    rateLimit: { max: rateLimitMax, windowMs: RATE_WINDOW_MS },
    onRateLimitFallback: (error) => app.log.warn({ err: safeError(error) }, "redis unavailable: analytics events limited in this instance's memory until it is back"),
    siteOrigin: config.publicSiteUrl.origin,
  });
  const counter = leadCounter(collector, honorGpc);
  app.decorate("analyticsFlush", collector.flush);
  return {
    store,
    collector,
    /** For the lead API: counts a stored enquiry or sign-up against its visit. */
    leads: counter,
    /** The lead store as the newsletter's confirm endpoint sees it: each confirmation is also counted. */
    countingConfirmations(leads: LeadStore): LeadStore {
      const counting: LeadStore = Object.create(leads) as LeadStore;
      counting.confirmSubscription = (tokenHash, ipHash) => counter.confirmation(store, tokenHash, () => leads.confirmSubscription(tokenHash, ipHash));
      return counting;
    },
    reportRoutes: reportRoutes(store, db),
    close: () => collector.close(),
  };
}

export type Analytics = Awaited<ReturnType<typeof startAnalytics>>;
