import { readFileSync } from "node:fs";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { ADMIN_API } from "../contract/admin";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { adminPlugin } from "./admin/admin-plugin";
import { analyticsPlugin } from "./analytics/start";
import { contactUsRoutes } from "./api/contactus";
import { newsletterRoutes } from "./api/newsletter";
import type { Config } from "./config";
import { configPlugin } from "./config-plugin";
import { capConnectionsPerAddress } from "./connections";
import { contentPlugin } from "./editor/content-plugin";
import { publishingPlugin } from "./editor/publishing-plugin";
import { httpPlugin } from "./http-plugin";
import { logOptions } from "./logging";
import { backupSchedulePlugin } from "./ops/backup-schedule";
import { metricsPlugin } from "./ops/metrics";
import { readinessRoutes } from "./ops/readiness";
import { outboxPlugin } from "./outbox/outbox-plugin";
import { purgeSchedulePlugin } from "./privacy/purge-schedule";
import { ensurePrivateDir } from "./private-files";
import { redisPlugin } from "./redis-plugin";
import { secretsPlugin } from "./secrets-plugin";
import { servedSitePlugin } from "./site/served-site";
import { databasePlugin } from "./store/database-plugin";
import * as repositories from "./store/repositories";

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NonNullable<Exclude<FastifyServerOptions["logger"], boolean | undefined>>["stream"];
}

/** How often node looks for connections past their headers or request timeout. */
const TIMEOUT_CHECK_MS = 1000;

/** Fastify itself: TLS or plain HTTP, the connection timeouts, pino with personal data redacted, the proxies trusted. */
function createServer(config: Config, logStream: BuildOptions["logStream"]): FastifyInstance {
  const { trustProxy, connections } = config;
  // Node's own limits on a connection's headers and whole request, checked every second rather than every 30 s.
  const nodeTimeouts = { headersTimeout: connections.headersTimeoutMs, requestTimeout: connections.requestTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_MS };
  const app = Fastify({
    // With TLS_CERT/TLS_KEY the server speaks HTTPS itself; otherwise plain HTTP behind a proxy.
    ...(config.tls ? { https: { cert: readFileSync(config.tls.certPath), key: readFileSync(config.tls.keyPath), ...nodeTimeouts } } : { http: nodeTimeouts }),
    // A slow or silent client never holds a socket for long: a visitor's browser never comes near these.
    requestTimeout: connections.requestTimeoutMs,
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

/**
 * Builds the whole server: configuration in, a ready Fastify instance out.
 * Tests drive it with `inject`; only main.ts listens. Each plugin starts its
 * own work when the server is ready and stops it on close; onClose runs in the
 * reverse order of registration, so the store closes last.
 */
export async function buildApp(config: Config, { logStream }: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createServer(config, logStream);
  // DATA_DIR is owner-only whoever made it and whatever the umask (the store, keys and mail live there).
  ensurePrivateDir(config.dataDir);
  try {
    await app.register(configPlugin, { config });
    await app.register(httpPlugin);
    // The store, then what the repositories and routes share.
    await app.register(databasePlugin);
    await app.register(redisPlugin);
    await app.register(secretsPlugin);
    await app.register(metricsPlugin);
    for (const repository of [repositories.outboxQueueRepository, repositories.leadsRepository, repositories.adminReadsRepository, repositories.sessionsRepository]) await app.register(repository);
    for (const repository of [repositories.auditRepository, repositories.spamRepository, repositories.analyticsRepository]) await app.register(repository);
    await app.register(outboxPlugin);
    await app.register(repositories.personalDataRepository);
    // Work on a schedule: backups, the audit trail's retention, the retention purge.
    await app.register(backupSchedulePlugin);
    await app.register(repositories.auditRetentionPlugin);
    await app.register(purgeSchedulePlugin);
    await app.register(analyticsPlugin);
    // Routes.
    await app.register(readinessRoutes);
    await app.register(contactUsRoutes, { prefix: CONTACT_ENDPOINT });
    await app.register(newsletterRoutes);
    await app.register(publishingPlugin);
    await app.register(adminPlugin, { prefix: ADMIN_API });
    if (config.content && config.admin.password) await app.register(contentPlugin);
    await app.register(servedSitePlugin);
  } catch (error) {
    // What opened before the failure (the store, Redis) is closed again.
    await app.close().catch(() => undefined);
    throw error;
  }
  app.log.info(
    { store: app.store.dialect, rateLimits: app.redis ? "redis" : "memory", corsOrigins: config.corsOrigins.length, mail: app.mailer.kind, webhook: Boolean(config.webhook), inbox: config.admin.password ? "on" : "off" },
    "lead intake ready",
  );
  return app;
}
