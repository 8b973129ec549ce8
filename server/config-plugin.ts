import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "./config";

// The parsed configuration on the instance, read by every plugin after it.

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

export const configPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => void app.decorate("config", config), { name: "config" });
