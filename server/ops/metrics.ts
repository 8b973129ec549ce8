import { createHash, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import type { Deliver } from "../outbox/worker";
import { DeliveryError } from "../outbox/delivery-error";
import type { Dimension } from "../store/analytics-store";
import type { LeadStore } from "../store/lead-store";
import type { OutboxStats } from "../store/outbox-stats";

// Prometheus metrics (prom-client), off unless METRICS_TOKEN or METRICS_PORT
// is set: requests by route, leads accepted and refused, the outbox's depth and
// age, delivery attempts and failures, how long a lead takes to commit, and
// the analytics keys dropped at their daily cap.

export const METRICS_PATH = "/metrics";
/** The loopback listener of METRICS_PORT: never reachable from another machine. */
export const METRICS_HOST = "127.0.0.1";
/** One scrape reads the outbox once, however many gauges it fills. */
const OUTBOX_STATS_MAX_AGE_MS = 1000;

/** Why POST /api/contactus turned a lead away, by status; quiet drops (honeypot, too fast) are named by their outcome. */
const refusalByStatus: Readonly<Record<number, string>> = {
  400: "invalid",
  403: "forbidden-origin",
  409: "key-reused",
  411: "length-required",
  413: "too-large",
  415: "unsupported-type",
  429: "rate-limited",
};

export interface MetricsOptions {
  /** GET /metrics on the main port answers only with `Authorization: Bearer <token>`. */
  token?: string;
  /** A separate listener on 127.0.0.1:<port> answers GET /metrics without a token. */
  port?: number;
  /** Reads the outbox's figures from the store (at most every OUTBOX_STATS_MAX_AGE_MS). */
  readOutboxStats: () => Promise<OutboxStats>;
}

export interface Instrumentation {
  /** Counts the outbox's attempts and failures by channel. */
  countDeliveries(deliver: Deliver): Deliver;
  /** Times each lead's write, from its transaction's start until its COMMIT is durable. */
  timeCommits(store: LeadStore): LeadStore;
  /** Counts an analytics count whose key was dropped at its day's cap (kept as "(other)"). */
  analyticsKeyDropped(dimension: Dimension): void;
}

const noInstrumentation: Instrumentation = { countDeliveries: (deliver) => deliver, timeCommits: (store) => store, analyticsKeyDropped: () => undefined };

/** Compares a given token with the expected one in constant time (their digests, so lengths do not show). */
export const sameSecret = (given: string, expected: string) => {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
};

/**
 * Adds the metrics' hooks to the root instance (so every route is counted; call
 * it before registering routes) and their endpoints; answers the wrappers the
 * app puts around the outbox and the store. With metrics off it adds nothing.
 */
export function installMetrics(app: FastifyInstance, { token, port, readOutboxStats }: MetricsOptions): Instrumentation {
  if (token === undefined && port === undefined) return noInstrumentation;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({ name: "http_requests_total", help: "HTTP requests answered, by method, route and status.", labelNames: ["method", "route", "status"], registers: [registry] });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route.",
    labelNames: ["method", "route"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const accepted = new Counter({ name: "leads_accepted_total", help: "Leads answered as accepted: stored, replayed (same Idempotency-Key), subscribed, quarantined (held as suspected spam), unconfirmed (a form post held until its Send press) or confirmed (that press).", labelNames: ["outcome"], registers: [registry] });
  const refused = new Counter({ name: "leads_refused_total", help: "Submissions turned away, by reason.", labelNames: ["reason"], registers: [registry] });
  const spamSignals = new Counter({
    name: "leads_spam_signals_total",
    help: "Spam signals shown by stored submissions, by reason (one submission may show several); quarantined ones are leads_accepted_total{outcome=\"quarantined\"}.",
    labelNames: ["reason"],
    registers: [registry],
  });
  const attempts = new Counter({ name: "outbox_delivery_attempts_total", help: "Delivery attempts (emails, CRM calls) by this instance, by channel.", labelNames: ["channel"], registers: [registry] });
  const failures = new Counter({ name: "outbox_delivery_failures_total", help: "Failed delivery attempts by this instance, by channel; permanent ones are not retried.", labelNames: ["channel", "permanent"], registers: [registry] });
  const analyticsKeysDropped = new Counter({
    name: "analytics_keys_dropped_total",
    help: "Analytics counts that met their day's cap of distinct referrers, sources, media or campaigns while waiting to be written, by dimension: counted as (other), their own key dropped. The cap holds while the store is down too.",
    labelNames: ["dimension"],
    registers: [registry],
  });
  const commits = new Histogram({
    name: "store_commit_duration_seconds",
    help: "Time to store a lead, from its transaction's start to its durable COMMIT, by operation.",
    labelNames: ["operation"],
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });

  // The outbox's figures are the store's, shared by every instance: read at scrape time.
  let latest: { at: number; stats: Promise<OutboxStats | null> } | null = null;
  const outboxStats = () => {
    if (!latest || Date.now() - latest.at > OUTBOX_STATS_MAX_AGE_MS) latest = { at: Date.now(), stats: readOutboxStats().catch(() => null) };
    return latest.stats;
  };
  const outboxGauge = (name: string, help: string, pick: (stats: OutboxStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const stats = await outboxStats();
        // While the store is down the figure is unknown: no sample rather than a wrong one (store_up says why).
        if (stats) this.set(pick(stats));
        else this.reset();
      },
    });
  outboxGauge("outbox_pending", "Deliveries not yet sent (the outbox's depth).", (stats) => stats.pending);
  outboxGauge("outbox_oldest_pending_age_seconds", "Age of the oldest delivery not yet sent (0 when none).", (stats) => stats.oldestPendingAgeSeconds);
  outboxGauge("outbox_oldest_due_age_seconds", "How long the oldest due delivery has been due (0 when none).", (stats) => stats.oldestDueAgeSeconds);
  outboxGauge("outbox_failed", "Deliveries given up on after a permanent refusal.", (stats) => stats.failed);
  new Gauge({
    name: "store_up",
    help: "1 when the lead store answered this scrape, 0 when it did not.",
    registers: [registry],
    async collect() {
      this.set((await outboxStats()) ? 1 : 0);
    },
  });

  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? "(no route)";
  app.addHook("onResponse", (request, reply, done) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (request.method === "POST" && route.startsWith(CONTACT_ENDPOINT)) {
      const outcome = request.leadOutcome;
      for (const reason of request.spamReasons ?? []) spamSignals.inc({ reason });
      if (outcome) accepted.inc({ outcome });
      else refused.inc({ reason: refusalByStatus[reply.statusCode] ?? (reply.statusCode >= 500 ? "error" : String(reply.statusCode)) });
    }
    done();
  });

  const exposition = async () => ({ contentType: registry.contentType, body: await registry.metrics() });
  if (token !== undefined) {
    app.get(METRICS_PATH, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      reply.header("cache-control", "no-store");
      if (given === undefined || !sameSecret(given, token)) return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ statusCode: 401, message: "Unauthorized" });
      const { contentType, body } = await exposition();
      return reply.type(contentType).send(body);
    });
  }
  if (port !== undefined) {
    const server = http.createServer((request, response) => {
      if (request.method !== "GET" || request.url !== METRICS_PATH) {
        response.writeHead(404).end();
        return;
      }
      exposition().then(
        ({ contentType, body }) => response.writeHead(200, { "content-type": contentType }).end(body),
        (error: unknown) => {
          app.log.error({ err: error }, "metrics failed");
          response.writeHead(500).end();
        },
      );
    });
    app.addHook("onReady", async () => {
      server.listen(port, METRICS_HOST);
      await once(server, "listening");
    });
    app.addHook("onClose", async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  }

  const timed = <A extends unknown[], R>(operation: string, work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const end = commits.startTimer({ operation });
      const result = await work(...args);
      end();
      return result;
    };

  return {
    countDeliveries: (deliver) => async (row) => {
      attempts.inc({ channel: row.channel });
      try {
        return await deliver(row);
      } catch (error) {
        failures.inc({ channel: row.channel, permanent: String(error instanceof DeliveryError && error.permanent) });
        throw error;
      }
    },
    analyticsKeyDropped: (dimension) => analyticsKeysDropped.inc({ dimension }),
    timeCommits: (store) => {
      const wrapped: Partial<LeadStore> = {
        saveEnquiry: timed("save_enquiry", store.saveEnquiry.bind(store)),
        subscribe: timed("subscribe", store.subscribe.bind(store)),
      };
      // Everything else is the store's own, whatever shape the store takes.
      return new Proxy(store, { get: (target, key, receiver) => (key in wrapped ? wrapped[key as keyof LeadStore] : Reflect.get(target, key, receiver)) });
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Wrappers that count deliveries and time commits; they change nothing with metrics off. */
    metrics: Instrumentation;
  }
}

/** Metrics (off unless METRICS_TOKEN or METRICS_PORT): hooks on every route, so registered before any route. */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => void app.decorate("metrics", installMetrics(app, { ...app.config.metrics, readOutboxStats: () => app.store.outboxStats() })),
  { name: "metrics", dependencies: ["config", "database"] },
);
