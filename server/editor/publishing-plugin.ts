import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { LiveSite } from "../site/site-plugin";
import { RELEASE_CHANNEL } from "./follower";
import { createPublisher, type Publisher } from "./publisher";

// Publishing (CONTENT_EDITOR=on, local mode): each publish builds the drafts
// and swaps the served site for the new build. In GitHub mode the
// repository's own CI builds and deploys, so nothing is published here.

/** The site this instance serves, once the site plugin has loaded it; a publish or a follower swaps it. */
export interface ServedSite {
  current: LiveSite | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    publisher: Publisher | undefined;
    servedSite: ServedSite;
  }
}

export const publishingPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, redis } = app;
    const servedSite: ServedSite = { current: undefined };
    app.decorate("servedSite", servedSite);
    const publisher =
      config.content?.mode === "local"
        ? createPublisher({
            ...config.content,
            log: app.log,
            site: () => servedSite.current,
            // The other instances (SITE_RELEASES_DIR, no editor) load the release at once.
            notify: redis ? async (release) => void (await redis.publish(RELEASE_CHANNEL, release)) : undefined,
          })
        : undefined;
    // A publish a stop interrupted is settled before anything is served.
    await publisher?.prepare();
    app.decorate("publisher", publisher);
    // A build in progress finishes (or fails) before the store and Redis close.
    if (publisher) app.addHook("onClose", () => publisher.idle());
  },
  { name: "publishing", dependencies: ["config", "redis"] },
);
