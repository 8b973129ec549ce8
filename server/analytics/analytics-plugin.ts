import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { isbot } from "isbot";
import * as v from "valibot";
import {
  ANALYTICS_RANGE_DAYS_MAX,
  ANALYTICS_TEXT_MAX,
  analyticsEndpoints,
  analyticsTables,
  BeaconSchema,
  EVENT_BODY_BYTES,
  IsoDay,
  VISIT_HEADER,
  VisitSchema,
  type AnalyticsReport,
  type AnalyticsTable,
  type Visit,
} from "../../contract/analytics-schema";
import { recordRequestAction } from "../admin/owner-requests";
import { rateLimitStorage } from "../api/rate-limit-store";
import { plainColumns, toCsv } from "../export";
import type { AuditTrail } from "../store/audit";
import type { AnalyticsStore } from "../store/analytics-store";
import type { Collector } from "./collector";
import { deviceOf, type Device } from "./dimensions";

// POST /api/event (the beacon), the lead API's conversion counting, and the
// dashboard's reads under /api/admin (registered inside the admin plugin, so
// its sign-in and same-site checks apply). Who is never counted: bots (isbot),
// requests without a user agent, and, when the owner honours it, anyone whose
// browser sends Global Privacy Control (Sec-GPC: 1).

export interface AnalyticsPolicy {
  honorGpc: boolean;
  rateLimit: { max: number; windowMs: number };
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's device, or undefined when it must not be counted (a bot, no user agent, GPC honoured). */
export function countable(request: FastifyRequest, honorGpc: boolean): { userAgent: string; device: Device } | undefined {
  const userAgent = headerValue(request, "user-agent");
  if (!userAgent || isbot(userAgent)) return undefined;
  if (honorGpc && headerValue(request, "sec-gpc") === "1") return undefined;
  return { userAgent, device: deviceOf(userAgent, headerValue(request, "sec-ch-ua-mobile")) };
}

/** The visit context a form sent with a lead; a malformed one counts as no context at all. */
export function visitOf(request: FastifyRequest, fallbackPage: string | null): Visit {
  const raw = headerValue(request, VISIT_HEADER);
  if (raw) {
    try {
      const parsed = v.safeParse(VisitSchema, JSON.parse(decodeURIComponent(raw)));
      if (parsed.success) return parsed.output;
    } catch {
      // Fall through: a lead is never refused for its analytics.
    }
  }
  return { l: fallbackPage ?? "/" };
}

/** What the lead API calls when it has stored a lead. Never throws: counting must not cost a lead. */
export function leadCounter(collector: Collector, honorGpc: boolean) {
  return {
    async lead(request: FastifyRequest, kind: "enquiry" | "signup", sourcePage: string | null, email?: string): Promise<void> {
      const who = countable(request, honorGpc);
      if (!who) return;
      try {
        const visit = visitOf(request, sourcePage);
        const requester = { ip: request.ip, ...who };
        if (kind === "enquiry") collector.enquiry(visit, requester);
        else await collector.signup(visit, requester, email ?? "");
      } catch (error) {
        request.log.warn({ err: error }, "analytics: lead not counted");
      }
    },
    /** Wraps the newsletter confirmation: reads the address before the token is spent, counts it if confirmed. */
    async confirmation<T extends string>(store: AnalyticsStore, tokenHash: string, confirm: () => Promise<T>): Promise<T> {
      const email = await store.emailForToken(tokenHash).catch(() => undefined);
      const outcome = await confirm();
      if (outcome === "confirmed" && email) await collector.confirmed(email).catch(() => undefined);
      return outcome;
    },
  };
}
export type LeadCounter = ReturnType<typeof leadCounter>;

export interface EventRoutesOptions extends AnalyticsPolicy {
  collector: Collector;
  redis?: Redis;
  /** Told (at most once a minute) when Redis fails and the limit is counted in memory. */
  onRateLimitFallback?: (error: Error) => void;
  /** Origins whose pages may send events: the site's own. */
  siteOrigin: string;
}

const noContent = (reply: FastifyReply) => reply.code(204).send();

/** POST /api/event: validates, counts in memory, answers 204 at once. */
export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions) {
  await app.register(rateLimit, {
    global: false,
    // Keyed and stored as the lead limits are: the client address (IPv6 per /64), in Redis when it is up
    // and in this process's memory while it is not (never lifted by an outage).
    ...rateLimitStorage("analytics-event-rate:", { redis: options.redis, onFallback: options.onRateLimitFallback }),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: "Too Many Requests" }),
  });
  // sendBeacon sends a string as text/plain (no CORS preflight); JSON is accepted too.
  app.removeContentTypeParser(["text/plain", "application/json"]);
  app.addContentTypeParser(["text/plain", "application/json"], { parseAs: "string", bodyLimit: EVENT_BODY_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error("Bad Request"), { statusCode: 400 }), undefined);
    }
  });

  app.post(
    "/",
    { bodyLimit: EVENT_BODY_BYTES, config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } } },
    async (request, reply) => {
      // Only our own pages report: another site's page (or a cross-site form) gets nothing counted.
      const origin = headerValue(request, "origin");
      if (headerValue(request, "sec-fetch-site") === "cross-site" || (origin !== undefined && origin !== options.siteOrigin && origin !== `${request.protocol}://${request.host}`)) {
        return reply.code(403).send({ statusCode: 403, message: "Forbidden" });
      }
      const event = v.safeParse(BeaconSchema, request.body);
      if (!event.success) return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
      const who = countable(request, options.honorGpc);
      if (!who) return noContent(reply);
      const requester = { ip: request.ip, ...who };
      if (event.output.e === "leave") options.collector.leave(event.output, requester);
      else await options.collector.event(event.output, requester);
      return noContent(reply);
    },
  );
}

const RangeQuery = v.pipe(
  // `source` filters the funnels: a source as the report's funnelSources names it.
  v.strictObject({ from: IsoDay, to: IsoDay, table: v.optional(v.picklist(analyticsTables)), source: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(ANALYTICS_TEXT_MAX))) }),
  v.check(({ from, to }) => from <= to && (Date.parse(to) - Date.parse(from)) / 86_400_000 < ANALYTICS_RANGE_DAYS_MAX, "bad range"),
);

const csvColumns = {
  daily: ["day", "views", "visits", "visitors"],
  pages: ["key", "views", "visits", "visitors", "enquiries", "subscriptions", "conversionRate"],
  referrers: ["key", "visits", "visitors", "enquiries", "subscriptions", "conversionRate"],
  campaigns: ["key", "visits", "visitors", "enquiries", "subscriptions", "conversionRate"],
  devices: ["key", "views", "visits", "visitors", "enquiries", "subscriptions", "conversionRate"],
  forms: ["form", "viewed", "started", "submitted", "accepted", "confirmed", "conversionRate"],
  fields: ["form", "page", "device", "field", "reached", "left", "corrected", "missing", "format", "tooLong"],
  vitals: ["page", "device", "metric", "samples", "p75", "good"],
} as const satisfies Record<AnalyticsTable, readonly string[]>;

/** The dashboard's two reads; registered by the admin plugin, behind its checks. */
export function reportRoutes(store: AnalyticsStore, audit: AuditTrail) {
  return (app: FastifyInstance) => {
    const prefix = app.prefix;
    const local = (path: string) => path.slice(prefix.length);
    app.get(local(analyticsEndpoints.report), async (request, reply): Promise<AnalyticsReport | undefined> => {
      const query = v.safeParse(RangeQuery, request.query);
      if (!query.success || query.output.table) return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
      return store.report(query.output.from, query.output.to, query.output.source);
    });
    app.get(local(analyticsEndpoints.csv), async (request, reply) => {
      const query = v.safeParse(RangeQuery, request.query);
      if (!query.success || !query.output.table) return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
      const { from, to, table, source } = query.output;
      const report = await store.report(from, to, source);
      const rows = report[table] as unknown as Record<string, unknown>[];
      // Totals only, but an export all the same: the audit trail has it.
      await recordRequestAction(audit, request, "export", { kind: `analytics-${table}`, rows: rows.length, from, to });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="analytics-${table}-${from}-${to}.csv"`)
        .send(toCsv(plainColumns(csvColumns[table]), rows));
    });
  };
}
