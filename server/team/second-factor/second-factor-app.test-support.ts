import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { ADMIN_API } from "../../../contract/admin";
import type { SecondFactorMethod } from "../../../contract/team";
import { readCookie } from "../../admin/session";
import { loadConfig } from "../../config";
import { configPlugin } from "../../config-plugin";
import { secretsPlugin } from "../../secrets-plugin";
import { openDatabase } from "../../store/database";
import { databasePlugin } from "../../store/database-plugin";
import { scratchDatabase, type ScratchDatabase } from "../../store/databases.test-support";
import { auditRepository } from "../../store/repositories";
import type { Database } from "../../store/schema";
import type { OwnerSession, TeamAccess, TeamMember } from "../team-types";
import { secondFactorRoutes } from "./second-factor-routes";
import { secondFactorsPlugin } from "./second-factors-plugin";

// The second factors on a small app of their own, on a scratch SQLite or
// PostgreSQL store: a stand-in for the team's sessions (a cookie naming an
// OwnerSession) that records each completed sign-in and each email, the real
// plugin, and its routes under ADMIN_API as the team's plugin registers them.

export const TEST_COOKIE = "test-session";
export const SITE_URL = "https://team.example.co.uk";

export interface SecondFactorTestApp {
  app: FastifyInstance;
  /** The same store, for reading rows as they are. */
  db: Kysely<Database>;
  /** Moves the app's clock (authenticator codes follow it). */
  clock: { now: number };
  sessions: Map<string, OwnerSession>;
  completed: { idHash: string; method: SecondFactorMethod }[];
  notified: { to: string; subject: string; text: string }[];
  /** A new session for the person at that stage: its cookie's value. */
  session(person: TeamMember, stage: OwnerSession["stage"]): string;
  request(method: "POST" | "DELETE", url: string, cookie: string | undefined, payload?: object): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startSecondFactorApp(kind: "sqlite" | "postgres"): Promise<SecondFactorTestApp> {
  const scratch: ScratchDatabase = await scratchDatabase(kind);
  const config = loadConfig({
    DATA_DIR: scratch.dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_SITE_URL: SITE_URL,
    ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
  });
  const clock = { now: Date.now() };
  const sessions = new Map<string, OwnerSession>();
  const completed: SecondFactorTestApp["completed"] = [];
  const notified: SecondFactorTestApp["notified"] = [];
  const team: TeamAccess = {
    sessionOf: async (request) => sessions.get(readCookie(request.headers.cookie, TEST_COOKIE) ?? ""),
    async completeSignIn(request, _reply, session, method) {
      const cookie = readCookie(request.headers.cookie, TEST_COOKIE)!;
      sessions.set(cookie, { ...session, stage: "complete" });
      completed.push({ idHash: session.idHash, method });
    },
    notify: async (person, message) => void notified.push({ to: person.email, ...message }),
    deviceCookie: (personId) => `test-device=${personId}`,
    knownDevice: () => undefined,
    recentlyConfirmed: (session) => session.confirmedAt !== null,
    async confirmed(session) {
      for (const [cookie, open] of sessions) if (open.idHash === session.idHash) sessions.set(cookie, { ...open, confirmedAt: new Date(clock.now).toISOString() });
    },
  };

  const app = Fastify({ logger: false });
  await app.register(configPlugin, { config });
  await app.register(databasePlugin);
  await app.register(secretsPlugin);
  await app.register(auditRepository);
  app.decorate("team", team);
  await app.register(secondFactorsPlugin, { now: () => clock.now });
  await app.register(async (scope) => secondFactorRoutes(scope), { prefix: ADMIN_API });
  await app.ready();
  const { db } = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });

  let sessionCount = 0;
  return {
    app,
    db,
    clock,
    sessions,
    completed,
    notified,
    session(person, stage) {
      sessionCount += 1;
      const cookie = `cookie-${sessionCount}`;
      sessions.set(cookie, { idHash: `hash-${sessionCount}`, person, stage });
      return cookie;
    },
    request: (method, url, cookie, payload) =>
      app.inject({ method, url, headers: { ...(cookie ? { cookie: `${TEST_COOKIE}=${cookie}` } : {}), origin: SITE_URL }, ...(payload ? { payload } : {}) }),
    async close() {
      await db.destroy();
      await app.close();
      await scratch.drop();
    },
  };
}
