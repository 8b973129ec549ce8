import type { OpenedDatabase } from "./database";

// Where the database plugin puts the raw handle and the repository plugins
// find it: a symbol only server/store/ imports (scripts/store-boundary.test.ts).

export const DATABASE: unique symbol = Symbol("database");

declare module "fastify" {
  interface FastifyInstance {
    [DATABASE]: OpenedDatabase;
  }
}
