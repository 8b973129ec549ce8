import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { isAdminPath, ROBOTS_HEADER } from "./admin/owner-requests";
import type { Config } from "./config";
import { capConnectionsPerAddress } from "./connections";
import { logOptions, safeError } from "./logging";
import { baseSecurityHeaders, resourceCsp } from "./site/security-headers";

// The Fastify instance (createServer) and what every answer shares (httpPlugin): one log line per request (pino, personal data
// redacted: logging.ts), the resource security headers (pages and the build's
// scripts replace the CSP with their own), an error answer that names no internals, and a fixed 404
// for what no route takes.

/** Where log lines go (tests capture them); stdout by default. */
export type LogStream = NonNullable<Exclude<FastifyServerOptions["logger"], boolean | undefined>>["stream"];

/** How often node looks for connections past their headers or request timeout. */
const TIMEOUT_CHECK_MS = 1000;
/**
 * What a route reads of a body unless it names its own limit (a lead, an
 * upload): an address no route takes, whose 404 is answered after the body is
 * read, reads no more than this.
 */
const DEFAULT_BODY_BYTES = 4 * 1024;

/** Fastify itself: TLS or plain HTTP, the connection timeouts, pino with personal data redacted, the proxies trusted. */
export function createServer(config: Config, logStream?: LogStream): FastifyInstance {
  const { trustProxy, connections } = config;
  // Node's own limits on a connection's headers and whole request, checked every second rather than every 30 s.
  const nodeTimeouts = { headersTimeout: connections.headersTimeoutMs, requestTimeout: connections.requestTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_MS };
  const app = Fastify({
    // With TLS_CERT/TLS_KEY the server speaks HTTPS itself; otherwise plain HTTP behind a proxy.
    ...(config.tls ? { https: { cert: readFileSync(config.tls.certPath), key: readFileSync(config.tls.keyPath), ...nodeTimeouts } } : { http: nodeTimeouts }),
    // A slow or silent client never holds a socket for long: a visitor's browser never comes near these.
    requestTimeout: connections.requestTimeoutMs,
    bodyLimit: DEFAULT_BODY_BYTES,
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    connectionTimeout: connections.idleTimeoutMs,
    logger: config.logLevel === "silent" ? false : { ...logOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    // Fastify's two lines per request are replaced by the one line of http-plugin.ts.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count means "trust that many proxies in front of us".
    trustProxy: typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  }) as unknown as FastifyInstance;
  capConnectionsPerAddress(app.server, connections.perAddressMax, (refused) =>
    app.log.warn({ refused, max: connections.perAddressMax }, "connections refused: too many open from one address (CONNECTIONS_PER_ADDRESS_MAX)"),
  );
  return app;
}

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
