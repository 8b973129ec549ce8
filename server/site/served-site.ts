import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { notFoundPages, redirects } from "../../contract/paths";
import { followedSiteDir, followReleases } from "../editor/follower";
import { sitePlugin } from "./site-plugin";

// The pre-rendered site, when SITE_DIR is set (without it, `npm run dev`, this
// is the API alone and Vite serves the pages): the build the editor published
// last, or the release a follower instance is told to serve, or SITE_DIR.

export const servedSitePlugin = fp(
  async (app: FastifyInstance) => {
    const { config, publisher, servedSite, redis } = app;
    if (!config.siteDir) return;
    await app.register(sitePlugin, {
      // After a restart, the last build the editor published, not the one deployed before it.
      siteDir: (await publisher?.publishedSiteDir()) ?? (config.followReleasesDir ? await followedSiteDir(config.followReleasesDir) : undefined) ?? config.siteDir,
      onLoaded: (site) => {
        servedSite.current = site;
      },
      https: config.publicSiteUrl.protocol === "https:" || config.tls !== undefined,
      connectOrigins: config.apiOrigin && config.apiOrigin !== config.publicSiteUrl.origin ? [config.apiOrigin] : [],
      redirects,
      notFoundPages,
    });
    if (config.followReleasesDir) {
      // An instance without the editor serves what the editor's instance published in the shared folder.
      const follower = followReleases({ releasesDir: config.followReleasesDir, site: () => servedSite.current, redis, log: app.log });
      app.addHook("onClose", () => follower.close());
    }
  },
  { name: "served-site", dependencies: ["config", "publishing", "redis"] },
);
