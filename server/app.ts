import { readFileSync } from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import { baseSecurityHeaders, resourceCsp } from "./site/security-headers";
import { sitePlugin } from "./site/site-plugin";

/** The site's URLs the server must know about; they mirror app/content/paths.ts. */
export const siteRoutes = {
  redirects: { "/home": "/", "/index.html": "/" },
  notFoundPages: [{ match: /^\//, page: "/404" }],
} as const;

/**
 * Builds the whole server: configuration in, a ready Fastify instance out.
 * Tests drive it with `inject`; only main.ts listens.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const logger = config.logLevel === "silent" ? false : { level: config.logLevel };
  // With TLS_CERT/TLS_KEY the server speaks HTTPS itself; otherwise plain HTTP behind a proxy.
  const app = (
    config.tls
      ? Fastify({ logger, trustProxy: true, https: { cert: readFileSync(config.tls.certPath), key: readFileSync(config.tls.keyPath) } })
      : Fastify({ logger, trustProxy: true })
  ) as unknown as FastifyInstance;

  // Security headers on every response; pages replace the CSP with their own.
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(baseSecurityHeaders);
    reply.header("content-security-policy", resourceCsp);
  });

  app.get("/healthz", async () => ({ status: "ok" }));

  await app.register(sitePlugin, {
    siteDir: config.siteDir,
    https: config.publicSiteUrl.protocol === "https:" || config.tls !== undefined,
    connectOrigins: [],
    redirects: siteRoutes.redirects,
    notFoundPages: siteRoutes.notFoundPages,
  });

  return app;
}
