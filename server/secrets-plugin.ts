import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { resolveSessionSecret } from "./admin/session";
import { resolveIpHashSecret } from "./api/visitor";
import { resolvePersistedSecret } from "./secrets";

// The server's keys, each from its setting or generated once into DATA_DIR
// (secrets.ts), resolved before anything that signs or hashes with them.

export interface Secrets {
  /** IP_HASH_SECRET: client address hashes, opaque ids, proof-of-work challenges, pending sign-up hashes. */
  ipHash: string;
  /** UNSUBSCRIBE_SECRET: the one-click unsubscribe links. */
  unsubscribe: string;
  /** ADMIN_SESSION_SECRET: which password the owner's sessions were opened with. */
  session: string;
}

declare module "fastify" {
  interface FastifyInstance {
    secrets: Secrets;
  }
}

export const secretsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    app.decorate("secrets", {
      ipHash: await resolveIpHashSecret(config.ipHashSecret, config.dataDir),
      unsubscribe: await resolvePersistedSecret(config.unsubscribeSecret, config.dataDir, "unsubscribe.secret", "UNSUBSCRIBE_SECRET"),
      session: await resolveSessionSecret(config.admin.sessionSecret, config.dataDir),
    } satisfies Secrets);
  },
  { name: "secrets", dependencies: ["config"] },
);
