import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { STATUS_CODES } from "node:http";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { Redis } from "ioredis";
import { ADMIN_API } from "../contract/admin";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { prerenderPaths } from "../contract/pages";
import { notFoundPages, redirects } from "../contract/paths";
import { adminPlugin, isAdminPath, isCrossSite, recordRequestAction, ROBOTS_HEADER } from "./admin/admin-plugin";
import { countsOf, createAuditRetention, recordOwnerAction, SCHEDULE_ACTOR } from "./store/audit";
import { startAnalytics } from "./analytics/start";
import { createSessionStore, passwordFingerprint, readCookie, resolveSessionSecret, SESSION_COOKIE } from "./admin/session";
import { contentAdminRoutes, contentPlugin, type EditorAudit } from "./editor/content-plugin";
import { followedSiteDir, followReleases, RELEASE_CHANNEL } from "./editor/follower";
import { createPublisher } from "./editor/publisher";
import type { LiveSite } from "./site/site-plugin";
import { contactUsRoutes } from "./api/contactus";
import { newsletterRoutes } from "./api/newsletter";
import { resolveIpHashSecret } from "./api/visitor";
import { resolvePersistedSecret } from "./secrets";
import { capConnectionsPerAddress } from "./connections";
import type { Config } from "./config";
import { logOptions, safeError } from "./logging";
import { createBackupSchedule } from "./ops/backup-schedule";
import { installMetrics } from "./ops/metrics";
import { readinessRoutes } from "./ops/readiness";
import { ensurePrivateDir } from "./private-files";
import { baseSecurityHeaders, resourceCsp } from "./site/security-headers";
import { sitePlugin } from "./site/site-plugin";
import { openDatabase } from "./store/database";
import { createLeadStore, type LeadStore } from "./store/lead-store";
import { createMailer, MAIL_FOLDER } from "./mail/mailer";
import { DeliveryError } from "./outbox/delivery-error";
import { createOutboxQueue, type EmailPayload, type WebhookPayload } from "./store/outbox-store";
import { postWebhook } from "./outbox/webhook";
import { createOutboxWorker, type OutboxWorker } from "./outbox/worker";
import { createPersonalData } from "./store/personal-data";
import { createPurgeSchedule } from "./privacy/purge-schedule";
import { createProofOfWork, memorySpentProofs, redisSpentProofs } from "./spam/proof-of-work";
import { spamAdminRoutes } from "./spam/spam-admin";
import { createSpamStore } from "./store/spam-store";

declare module "fastify" {
  interface FastifyInstance {
    /** The lead repository; the only way anything reaches the store. */
    leads: LeadStore;
    /** Delivers the outbox (emails, CRM calls) in the background. */
    outbox: OutboxWorker;
  }
}

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NonNullable<Exclude<FastifyServerOptions["logger"], boolean | undefined>>["stream"];
}

/** How often node looks for connections past their headers or request timeout. */
const TIMEOUT_CHECK_MS = 1000;

const resourceHeaders = { ...baseSecurityHeaders, "content-security-policy": resourceCsp };

/**
 * Builds the whole server: configuration in, a ready Fastify instance out.
 * Tests drive it with `inject`; only main.ts listens.
 */
export async function buildApp(config: Config, { logStream }: BuildOptions = {}): Promise<FastifyInstance> {
  const { trustProxy, connections } = config;
  // Node's own limits on a connection's headers and whole request, checked every second rather than every 30 s.
  const nodeTimeouts = { headersTimeout: connections.headersTimeoutMs, requestTimeout: connections.requestTimeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_MS };
  // Configuration and core: pino with personal data redacted, one log line per request.
  const app = Fastify({
    // With TLS_CERT/TLS_KEY the server speaks HTTPS itself; otherwise plain HTTP behind a proxy.
    ...(config.tls ? { https: { cert: readFileSync(config.tls.certPath), key: readFileSync(config.tls.keyPath), ...nodeTimeouts } } : { http: nodeTimeouts }),
    // A slow or silent client never holds a socket for long: a visitor's browser never comes near these.
    requestTimeout: connections.requestTimeoutMs,
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    connectionTimeout: connections.idleTimeoutMs,
    logger: config.logLevel === "silent" ? false : { ...logOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    // Fastify's two lines per request are replaced by the one onResponse line below.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count means "trust that many proxies in front of us".
    trustProxy: typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  }) as unknown as FastifyInstance;
  capConnectionsPerAddress(app.server, connections.perAddressMax, (refused) =>
    app.log.warn({ refused, max: connections.perAddressMax }, "connections refused: too many open from one address (CONNECTIONS_PER_ADDRESS_MAX)"),
  );
  // Hooks on every response are callback-style: an async hook costs a promise per response.
  // Fastify's logger is pino, which knows whether a level is written (with logging off there is no line to write).
  if (config.logLevel !== "silent" && (app.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled("info")) {
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

  // Plugins: security headers on every response; pages replace the CSP with their own.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(resourceHeaders);
    // The owner's inbox page is served by the site plugin; it is never indexed either.
    if (isAdminPath(request.url)) reply.header("x-robots-tag", ROBOTS_HEADER);
    done();
  });

  // DATA_DIR is owner-only whoever made it and whatever the umask (the store, keys and mail live there).
  ensurePrivateDir(config.dataDir);
  // Store: migrated before the first request; closed after the last.
  const { db, dialect } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Metrics (off unless METRICS_TOKEN or METRICS_PORT): hooks on every route, so before any route.
  const metrics = installMetrics(app, { ...config.metrics, db });
  app.decorate("leads", metrics.timeCommits(createLeadStore(db, dialect)));

  // Outbox: rows written with each lead, delivered by a worker that starts with the
  // server and, on close, finishes the delivery in flight before the store closes.
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, dataDir: config.dataDir, from: config.mail.from });
  const webhookSecret = config.webhook?.secret;
  const webhookUrl = config.webhook?.url;
  app.decorate(
    "outbox",
    createOutboxWorker({
      queue: createOutboxQueue(db, dialect),
      ...config.outbox,
      log: app.log,
      deliver: metrics.countDeliveries(async (row) => {
        if (row.channel === "email") return mailer.send(row.id, JSON.parse(row.payload) as EmailPayload);
        // Sent to the URL and signed with the secret configured now (neither is stored with the row);
        // without them (forwarding switched off since) it waits for them.
        if (!webhookUrl || !webhookSecret) throw new DeliveryError("LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET are not set");
        const { body } = JSON.parse(row.payload) as WebhookPayload;
        return postWebhook({ url: webhookUrl, body }, webhookSecret);
      }),
      // Erased while it was being written: the mail file goes too.
      discard: async (row) => {
        if (row.channel === "email" && mailer.kind === "file") await rm(path.join(config.dataDir, MAIL_FOLDER, `${row.id}.eml`), { force: true });
      },
    }),
  );
  app.addHook("onReady", async () => app.outbox.start());
  // Scheduled backups of the SQLite store, when BACKUP_DIR is set (config refuses it with PostgreSQL).
  const backups = config.backup && dialect === "sqlite" ? createBackupSchedule({ ...config.backup, dataDir: config.dataDir, log: app.log }) : undefined;
  if (backups) app.addHook("onReady", () => backups.start());
  // The audit trail's own retention: its old rows purged at start and daily.
  const auditRetention = createAuditRetention({ db, months: config.admin.auditRetentionMonths, log: app.log });
  app.addHook("onReady", () => auditRetention.start());
  app.addHook("onClose", async () => {
    await purges.stop();
    await auditRetention.stop();
    await backups?.stop();
    await app.outbox.stop();
    mailer.close();
    await analytics?.close();
    await app.leads.close();
  });
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
    // While Redis is down each limit is counted in this instance's memory (api/rate-limit-store.ts); the store says so.
    redis.on("error", () => undefined);
    app.addHook("onClose", async () => void (await redis?.quit()));
    try {
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      await app.leads.close();
      throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`, { cause: error });
    }
  }

  app.log.info(
    { store: dialect, rateLimits: redis ? "redis" : "memory", corsOrigins: config.corsOrigins.length, mail: mailer.kind, webhook: Boolean(config.webhook), inbox: config.admin.password ? "on" : "off" },
    "lead intake ready",
  );

  const onRateLimitFallback = (error: Error) =>
    app.log.warn({ err: safeError(error) }, "redis unavailable: rate limits counted in this instance's memory until it is back");

  // Routes. Liveness answers without touching anything; readiness checks the store and Redis.
  app.get("/healthz", async () => ({ status: "ok" }));
  await app.register(readinessRoutes, { db, redis, metricsToken: config.metrics.token });

  const ipHashSecret = await resolveIpHashSecret(config.ipHashSecret, config.dataDir);
  // Retention, erasure and subject access; the purge runs at start and every PURGE_INTERVAL_HOURS, stopped on close (above).
  const personalData = createPersonalData({
    db,
    dialect,
    dataDir: config.dataDir,
    periods: config.retention.periods,
    emailHashSecret: ipHashSecret,
    webhookUrl: config.webhook?.url,
    outbox: app.outbox,
  });
  const purges = createPurgeSchedule({
    purge: async () => {
      const result = await personalData.purge();
      // A scheduled purge that removed nothing is in the log only: the trail would fill with empty rows.
      if (Object.values(countsOf(result)).some((count) => count !== 0)) {
        await recordOwnerAction(db, { action: "purge", actor: SCHEDULE_ACTOR, detail: countsOf(result) });
      }
      return result;
    },
    intervalMs: config.retention.intervalMs,
    log: app.log,
  });
  app.addHook("onReady", async () => purges.start());
  // Closed (its last counts written) by the onClose hook above, before the store.
  const analytics = config.analytics.enabled ? await startAnalytics(app, { config, db, redis, emailHashSecret: ipHashSecret }) : undefined;
  // Suspected spam: held apart from the inbox until the owner releases or deletes it (server/spam/).
  const spam = createSpamStore(db);
  const unsubscribeSecret = await resolvePersistedSecret(config.unsubscribeSecret, config.dataDir, "unsubscribe.secret", "UNSUBSCRIBE_SECRET");
  const leadDeliveries = {
    publicSiteUrl: config.publicSiteUrl,
    from: config.mail.from,
    teamEmail: config.mail.teamEmail,
    unsubscribeSecret,
    webhookUrl: config.webhook?.url,
  };
  await app.register(contactUsRoutes, {
    prefix: CONTACT_ENDPOINT,
    store: app.leads,
    ipHashSecret,
    publicSiteUrl: config.publicSiteUrl,
    corsOrigins: config.corsOrigins,
    rateLimit: config.rateLimit,
    redis,
    onRateLimitFallback,
    minSubmitMs: config.minSubmitMs,
    deliveries: leadDeliveries,
    confirmationResendMinMs: config.confirmationResendMinMs,
    onEnqueued: () => app.outbox.poke(),
    analytics: analytics?.leads,
    proofOfWork: createProofOfWork({ secret: ipHashSecret, spent: redis ? redisSpentProofs(redis) : memorySpentProofs() }),
    spam,
    spamFilter: config.spamFilter,
  });

  await app.register(newsletterRoutes, {
    store: analytics?.countingConfirmations(app.leads) ?? app.leads,
    ipHashSecret,
    unsubscribeSecret,
    publicSiteUrl: config.publicSiteUrl,
    corsOrigins: config.corsOrigins,
    rateLimit: config.rateLimit,
    redis,
    onRateLimitFallback,
  });

  // The content editor (CONTENT_EDITOR=on): publishing swaps the served site for each new build.
  let liveSite: LiveSite | undefined;
  // In GitHub mode the repository's own CI builds and deploys: nothing is published here.
  const publisher =
    config.content?.mode === "local"
      ? createPublisher({
          ...config.content,
          log: app.log,
          site: () => liveSite,
          // The other instances (SITE_RELEASES_DIR, no editor) load the release at once.
          notify: redis ? async (release) => void (await redis.publish(RELEASE_CHANNEL, release)) : undefined,
        })
      : undefined;
  await publisher?.prepare();
  // Saves, previews and publishes are owner actions: each is a row of the audit trail.
  const editorAudit: EditorAudit = (request, action, detail) => recordRequestAction(db, request, action, detail);
  const contentRoutes = contentAdminRoutes(publisher, editorAudit);

  const sessionSecret = await resolveSessionSecret(config.admin.sessionSecret, config.dataDir);
  await app.register(adminPlugin, {
    prefix: ADMIN_API,
    db,
    password: config.admin.password,
    sessionSecret,
    publicSiteUrl: config.publicSiteUrl,
    signInLimit: { max: config.admin.signInMax, windowMs: 15 * 60 * 1000 },
    redis,
    onRateLimitFallback,
    personalData,
    extraRoutes: (scope) => {
      analytics?.reportRoutes(scope);
      contentRoutes(scope);
      spamAdminRoutes(scope, { db, spam, release: { store: app.leads, deliveries: leadDeliveries, resendMinMs: config.confirmationResendMinMs }, onReleased: () => app.outbox.poke() });
    },
    auditRetentionMonths: config.admin.auditRetentionMonths,
    onDeliveryRetried: () => app.outbox.poke(),
  });

  if (config.content && config.admin.password) {
    const sessions = createSessionStore(db, passwordFingerprint(sessionSecret, config.admin.password));
    const { githubRepo } = config.content;
    await app.register(contentPlugin, {
      storage: githubRepo ? { kind: "github", repo: githubRepo } : { kind: "local" },
      sourceDir: config.content.sourceDir,
      editorDir: config.content.editorDir,
      publisher,
      signedIn: (request) => sessions.valid(readCookie(request.headers.cookie, SESSION_COOKIE)),
      crossSite: (request) => isCrossSite(request, config.publicSiteUrl),
      audit: editorAudit,
    });
    if (publisher) app.addHook("onClose", () => publisher.idle());
  }

  // Without a site (`SITE_DIR=none`) this is the API alone: the dev server serves the pages.
  if (config.siteDir) {
    await app.register(sitePlugin, {
      // After a restart, the last build the editor published, not the one deployed before it.
      siteDir:
        (await publisher?.publishedSiteDir()) ?? (config.followReleasesDir ? await followedSiteDir(config.followReleasesDir) : undefined) ?? config.siteDir,
      onLoaded: (site) => {
        liveSite = site;
      },
      https: config.publicSiteUrl.protocol === "https:" || config.tls !== undefined,
      connectOrigins: config.apiOrigin && config.apiOrigin !== config.publicSiteUrl.origin ? [config.apiOrigin] : [],
      redirects,
      notFoundPages,
      pages: prerenderPaths,
    });
    if (config.followReleasesDir) {
      // An instance without the editor serves what the editor's instance published in the shared folder.
      const follower = followReleases({ releasesDir: config.followReleasesDir, site: () => liveSite, redis, log: app.log });
      app.addHook("onClose", () => follower.close());
    }
  }
  // Every GET and HEAD the routes above miss gets the site's not-found page (its catch-all);
  // any other method gets this, never Fastify's default, which echoes the method and path.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ statusCode: 404, message: STATUS_CODES[404] }));

  return app;
}
