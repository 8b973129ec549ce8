import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

// Redis, when REDIS_URL is set: the rate limits, spent proofs, analytics
// visitors and release notices every instance shares. Pinged at start (the
// server refuses to start without it), quit on close.

declare module "fastify" {
  interface FastifyInstance {
    /** Undefined without REDIS_URL: each instance counts in its own memory. */
    redis: Redis | undefined;
  }
}

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const { redisUrl } = app.config;
    if (!redisUrl) return void app.decorate("redis", undefined);
    const redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
    // While Redis is down each limit is counted in this instance's memory (api/rate-limit-store.ts); the store says so.
    redis.on("error", () => undefined);
    try {
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      throw new Error(`Redis at REDIS_URL is unreachable: ${(error as Error).message}`, { cause: error });
    }
    app.decorate("redis", redis);
    app.addHook("onClose", async () => void (await redis.quit()));
  },
  { name: "redis", dependencies: ["config"] },
);
