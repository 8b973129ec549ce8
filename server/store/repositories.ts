import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createAdminStore, type AdminStore } from "./admin-store";
import { createAnalyticsStore, type AnalyticsStore } from "./analytics-store";
import { createAuditRetention, createAuditTrail, type AuditTrail } from "./audit";
import type { OpenedDatabase } from "./database";
import { DATABASE } from "./database-handle";
import { createLeadStore, type LeadStore } from "./lead-store";
import { createOutboxQueue, type OutboxQueue } from "./outbox-store";
import { createPersonalData, type PersonalData } from "./personal-data";
import { createSecondFactorStore, type SecondFactorStore } from "./second-factor-store";
import { createSignInLimits, type SignInLimits } from "./sign-in-limits-store";
import { createSpamStore, type SpamStore } from "./spam-store";
import { createTeamStore, type TeamStore } from "./team-store";

// The repositories: each a plugin that decorates the instance once, in front
// of the database (fastify/demo's shape). Routes, schedules and the command
// line read `app.leads`, `app.audit`, …; none of them holds the database.

declare module "fastify" {
  interface FastifyInstance {
    /** The leads: enquiries and sign-ups, written with their deliveries in one transaction. */
    leads: LeadStore;
    /** The outbox's rows, claimed and settled by the worker (outbox/outbox-plugin.ts). */
    outboxQueue: OutboxQueue;
    /** The inbox's reads: lists, searches, one lead, exports, a failed delivery retried. */
    adminReads: AdminStore;
    /** The owner's team: people, invitations, settings and their sessions (shared by the inbox and the content editor). */
    teamStore: TeamStore;
    /** The owner actions' trail. */
    audit: AuditTrail;
    /** Submissions held as suspected spam. */
    spam: SpamStore;
    /** The analytics' daily counts and pending sign-ups. */
    analyticsStore: AnalyticsStore;
    /** Retention purge, erasure and subject access. */
    personalData: PersonalData;
    /** The rows behind the team's second factors (server/team/second-factor/ reads them). */
    secondFactorStore: SecondFactorStore;
    /** The sign-in's limits, counted before each check (an account's, the total, a person's second steps). */
    signInLimits: SignInLimits;
  }
}

const database = (app: FastifyInstance) => app[DATABASE];

/** A repository made from the database alone: a plugin named after its decoration. */
const repository = <Name extends "outboxQueue" | "adminReads" | "audit" | "spam" | "analyticsStore" | "secondFactorStore" | "teamStore" | "signInLimits">(
  decoration: Name,
  make: (opened: OpenedDatabase) => FastifyInstance[Name],
) =>
  fp(
    async (app: FastifyInstance) => {
      // `make` is typed by the decoration's declaration above; decorate's own typing cannot follow a generic name.
      const value: unknown = make(database(app));
      app.decorate(decoration as string, value);
    },
    { name: decoration, dependencies: ["database"] },
  );

export const leadsRepository = fp(
  async (app: FastifyInstance) => {
    const { db, dialect } = database(app);
    const leads = createLeadStore(db, dialect);
    // The metrics time each lead's commit when they are on (ops/metrics.ts).
    app.decorate("leads", app.hasDecorator("metrics") ? app.metrics.timeCommits(leads) : leads);
  },
  { name: "leads", dependencies: ["database"] },
);

export const outboxQueueRepository = repository("outboxQueue", ({ db, dialect }) => createOutboxQueue(db, dialect));
export const adminReadsRepository = repository("adminReads", ({ db }) => createAdminStore(db));
export const auditRepository = repository("audit", ({ db }) => createAuditTrail(db));
export const spamRepository = repository("spam", ({ db }) => createSpamStore(db));
export const analyticsRepository = repository("analyticsStore", ({ db }) => createAnalyticsStore(db));
export const secondFactorStoreRepository = repository("secondFactorStore", ({ db }) => createSecondFactorStore(db));

export const teamRepository = fp(
  async (app: FastifyInstance) => {
    const { sessionTtlMs, sessionIdleMs } = app.config.admin;
    app.decorate("teamStore", createTeamStore(database(app).db, { sessionTtlMs, sessionIdleMs }));
  },
  { name: "teamStore", dependencies: ["database"] },
);
export const signInLimitsRepository = repository("signInLimits", ({ db }) => createSignInLimits(db));

/** The trail's own retention: its old rows purged at start and daily, stopped on close. */
export const auditRetentionPlugin = fp(
  async (app: FastifyInstance) => {
    const retention = createAuditRetention({ db: database(app).db, months: app.config.admin.auditRetentionMonths, log: app.log });
    app.addHook("onReady", () => retention.start());
    app.addHook("onClose", () => retention.stop());
  },
  { name: "audit-retention", dependencies: ["database"] },
);

export const personalDataRepository = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const { db, dialect } = database(app);
    app.decorate(
      "personalData",
      createPersonalData({
        db,
        dialect,
        dataDir: config.dataDir,
        periods: config.retention.periods,
        emailHashSecret: app.secrets.ipHash,
        webhookUrl: config.webhook?.url,
        // In the server an erasure waits for the worker's deliveries of those rows; the command line has no worker.
        outbox: app.hasDecorator("outbox") ? app.outbox : undefined,
      }),
    );
  },
  { name: "personal-data", dependencies: ["database", "secrets"] },
);
