import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { EVENT_ENDPOINT } from "../../contract/analytics";
import { safeError } from "../logging";
import type { LeadStore } from "../store/lead-store";
import { eventRoutes, leadCounter, reportRoutes } from "./analytics-plugin";
import { createCollector } from "./collector";
import { SharedDailyVisitors } from "./visitor-hash";

// Analytics as the app wires it: the store, the in-memory collector, the event
// endpoint, and what the lead API and the admin plugin read from `app.analytics`.

declare module "fastify" {
  interface FastifyInstance {
    /** Undefined with ANALYTICS off. */
    analytics: Analytics | undefined;
    /** Writes the analytics counts gathered so far (they are otherwise written every ANALYTICS_FLUSH_MS). */
    analyticsFlush?: () => Promise<void>;
  }
}

/** Events per IP are limited per minute. */
const RATE_WINDOW_MS = 60_000;

async function startAnalytics(app: FastifyInstance) {
  const { config, redis } = app;
  const { honorGpc, rateLimitMax, flushMs } = config.analytics;
  const store = app.analyticsStore;
  const site = config.publicSiteUrl.hostname.toLowerCase();
  const collector = createCollector({
    store,
    site,
    ownHosts: [site, "localhost", "127.0.0.1"],
    // Key for the pending sign-ups' address hashes (persisted, so confirmations match after a restart).
    emailHashSecret: app.secrets.ipHash,
    flushMs,
    // With Redis every instance counts the day's unique visitors together.
    visitors: redis ? new SharedDailyVisitors(site, redis) : undefined,
    onFlushError: (error) => app.log.error({ err: safeError(error) }, "analytics: counts not written (kept for the next try)"),
    onKeyDropped: app.metrics.analyticsKeyDropped,
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
    reportRoutes: reportRoutes(store, app.audit),
    close: () => collector.close(),
  };
}

export type Analytics = Awaited<ReturnType<typeof startAnalytics>>;

/** Analytics when ANALYTICS is on: the event route now, its last counts written on close, before the store closes. */
export const analyticsPlugin = fp(
  async (app: FastifyInstance) => {
    const analytics = app.config.analytics.enabled ? await startAnalytics(app) : undefined;
    app.decorate("analytics", analytics);
    if (analytics) app.addHook("onClose", () => analytics.close());
  },
  { name: "analytics", dependencies: ["config", "analyticsStore", "audit", "secrets", "redis", "metrics"] },
);
