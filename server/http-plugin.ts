import { STATUS_CODES } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isAdminPath, ROBOTS_HEADER } from "./admin/owner-requests";
import { safeError } from "./logging";
import { baseSecurityHeaders, resourceCsp } from "./site/security-headers";

// What every answer shares: one log line per request (pino, personal data
// redacted: logging.ts), the resource security headers (pages replace the CSP
// with their own), an error answer that names no internals, and a fixed 404
// for what no route takes.

const resourceHeaders = { ...baseSecurityHeaders, "content-security-policy": resourceCsp };

export const httpPlugin = fp(
  async (app: FastifyInstance) => {
    // Hooks on every response are callback-style: an async hook costs a promise per response.
    // Fastify's logger is pino, which knows whether a level is written (with logging off there is no line to write).
    if (app.config.logLevel !== "silent" && (app.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled("info")) {
      app.addHook("onResponse", (request, reply, done) => {
        const route = request.routeOptions.url ?? "(no route)";
        request.log.info(
          { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime), outcome: request.leadOutcome ?? undefined },
          "request",
        );
        done();
      });
    }
    // Whatever fails, the answer names no internals.
    app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: safeError(error) }, "request failed");
      return reply.code(status).send({ statusCode: status, message: STATUS_CODES[status] ?? "Error" });
    });
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(resourceHeaders);
      // The owner's inbox page is served by the site plugin; it is never indexed either.
      if (isAdminPath(request.url)) reply.header("x-robots-tag", ROBOTS_HEADER);
      done();
    });
    // Every GET and HEAD the routes miss gets the site's not-found page (its catch-all);
    // any other method gets this, never Fastify's default, which echoes the method and path.
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ statusCode: 404, message: STATUS_CODES[404] }));
    // Liveness answers without touching anything; readiness (ops/readiness.ts) checks the store and Redis.
    app.get("/healthz", async () => ({ status: "ok" }));
  },
  { name: "http", dependencies: ["config"] },
);
