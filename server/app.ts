import type { FastifyInstance } from "fastify";
import { ADMIN_API } from "../contract/admin";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { adminPlugin } from "./admin/admin-plugin";
import { analyticsPlugin } from "./analytics/start";
import { contactUsRoutes } from "./api/contactus";
import { newsletterRoutes } from "./api/newsletter";
import type { Config } from "./config";
import { configPlugin } from "./config-plugin";
import { contentPlugin } from "./editor/content-plugin";
import { publishingPlugin } from "./editor/publishing-plugin";
import { createServer, httpPlugin, type LogStream } from "./http-plugin";
import { backupSchedulePlugin } from "./ops/backup-schedule";
import { metricsPlugin } from "./ops/metrics";
import { readinessRoutes } from "./ops/readiness";
import { outboxPlugin } from "./outbox/outbox-plugin";
import { purgeSchedulePlugin } from "./privacy/purge-schedule";
import { ensurePrivateDir } from "./private-files";
import { redisPlugin } from "./redis-plugin";
import { secretsPlugin } from "./secrets-plugin";
import { servedSitePlugin } from "./site/served-site";
import { secondFactorsPlugin } from "./team/second-factor/second-factors-plugin";
import { teamPlugin } from "./team/team-plugin";
import { databasePlugin } from "./store/database-plugin";
import {
  adminReadsRepository,
  analyticsRepository,
  auditRepository,
  auditRetentionPlugin,
  leadsRepository,
  outboxQueueRepository,
  personalDataRepository,
  signInLimitsRepository,
  spamRepository,
  teamRepository,
} from "./store/repositories";

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: LogStream;
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
    // Configuration, and what every answer shares (log line, headers, error answers).
    await app.register(configPlugin, { config });
    await app.register(httpPlugin);
    // The store, Redis and the keys; metrics before anything they count.
    await app.register(databasePlugin);
    await app.register(redisPlugin);
    await app.register(secretsPlugin);
    await app.register(metricsPlugin);
    // Repositories in front of the store, and the outbox's worker.
    await app.register(outboxQueueRepository);
    await app.register(leadsRepository);
    await app.register(adminReadsRepository);
    await app.register(teamRepository);
    await app.register(signInLimitsRepository);
    await app.register(auditRepository);
    await app.register(spamRepository);
    await app.register(analyticsRepository);
    await app.register(outboxPlugin);
    await app.register(personalDataRepository);
    // The team's second factors (app.secondFactors) and sign-in (app.team), in front of the owner's routes.
    await app.register(secondFactorsPlugin);
    await app.register(teamPlugin);
    // Work on a schedule: backups, the audit trail's retention, the retention purge.
    await app.register(backupSchedulePlugin);
    await app.register(auditRetentionPlugin);
    await app.register(purgeSchedulePlugin);
    // Routes: analytics' events, readiness, the lead API, the owner's inbox and editor, the site.
    await app.register(analyticsPlugin);
    await app.register(readinessRoutes);
    await app.register(contactUsRoutes, { prefix: CONTACT_ENDPOINT });
    await app.register(newsletterRoutes);
    await app.register(publishingPlugin);
    await app.register(adminPlugin, { prefix: ADMIN_API });
    if (config.content) await app.register(contentPlugin);
    await app.register(servedSitePlugin);
  } catch (error) {
    // What opened before the failure (the store, Redis) is closed again.
    await app.close().catch(() => undefined);
    throw error;
  }
  app.log.info(
    { store: app.store.dialect, rateLimits: app.redis ? "redis" : "memory", corsOrigins: config.corsOrigins.length, mail: app.mailer.kind, webhook: Boolean(config.webhook), inbox: (await app.teamEnabled()) ? "on" : "off" },
    "lead intake ready",
  );
  return app;
}
