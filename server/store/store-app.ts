import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../config";
import { configPlugin } from "../config-plugin";
import { secretsPlugin } from "../secrets-plugin";
import { databasePlugin } from "./database-plugin";
import { analyticsRepository, auditRepository, leadsRepository, personalDataRepository, secondFactorStoreRepository, signInLimitsRepository, spamRepository, teamRepository } from "./repositories";

// The store and its repositories on an instance of their own, for the command
// line: the same plugins as the server, without routes, worker or schedules.
// Closing the instance closes the store.

export interface StoreAppOptions {
  /** Retention, erasure and subject access: needs the IP-hash key (generated into DATA_DIR if absent, as the server does). */
  personalData?: boolean;
  /** The team's people, invitations and sessions, and their second factors' rows (`npm run owners`). */
  team?: boolean;
}

export async function openStoreApp(config: Config, { personalData = false, team = false }: StoreAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }) as unknown as FastifyInstance;
  await app.register(configPlugin, { config });
  await app.register(databasePlugin);
  for (const repository of [leadsRepository, auditRepository, spamRepository, analyticsRepository]) await app.register(repository);
  if (team) {
    await app.register(teamRepository);
    await app.register(signInLimitsRepository);
    await app.register(secondFactorStoreRepository);
  }
  if (personalData) {
    await app.register(secretsPlugin);
    await app.register(personalDataRepository);
  }
  await app.ready();
  return app;
}
