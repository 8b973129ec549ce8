import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import { baseSecurityHeaders, resourceCsp } from "./site/security-headers";
import { sitePlugin } from "./site/site-plugin";

/** The site's URLs the server must know about; they mirror app/content/paths.ts. */
export const siteRoutes = {
  redirects: { "/home": "/", "/index.html": "/" },
  notFoundPages: [
    // An unknown service category gets the pre-rendered "Category not found" page.
    { match: /^\/services\/[^/]+$/, page: "/services/404" },
    { match: /^\//, page: "/404" },
  ],
} as const;

/**
 * Builds the whole server: configuration in, a ready Fastify instance out.
 * Tests drive it with `inject`; only main.ts listens.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    trustProxy: true,
  });

  // Security headers on every response; pages replace the CSP with their own.
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(baseSecurityHeaders);
    reply.header("content-security-policy", resourceCsp);
  });

  app.get("/healthz", async () => ({ status: "ok" }));

  await app.register(sitePlugin, {
    siteDir: config.siteDir,
    https: config.publicSiteUrl.protocol === "https:",
    connectOrigins: [],
    redirects: siteRoutes.redirects,
    notFoundPages: siteRoutes.notFoundPages,
  });

  return app;
}
