import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { LiveSite } from "../site/site-plugin";
import { servableRelease } from "./publisher";

// Several instances, one editor: the instance with CONTENT_EDITOR=on publishes
// releases into a shared folder (SITE_RELEASES_DIR) and names the served one in
// its current.json; every other instance with the same SITE_RELEASES_DIR
// follows it. A Redis notice (REDIS_URL) makes that immediate; reading the
// record every second is the fallback (a notice lost while Redis was away, a
// start between the notice and the subscription), so a publish is served
// everywhere within a few seconds either way.

/** The Redis channel the publishing instance names each new release on. */
export const RELEASE_CHANNEL = "site:release";
const CHECK_MS = 1000;

export interface Follower {
  /** Checks the record now (also done every second and on each notice). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** The served pages' folder named by the releases folder's record, if it is there and can be served. */
export const followedSiteDir = servableRelease;

export function followReleases(options: { releasesDir: string; site: () => LiveSite | undefined; redis?: Redis; log: FastifyBaseLogger; checkMs?: number }): Follower {
  const { releasesDir, log } = options;
  let checking: Promise<void> = Promise.resolve();
  let failedDir: string | undefined;
  const checkNow = async () => {
    const site = options.site();
    const dir = await followedSiteDir(releasesDir);
    if (!site || !dir || dir === site.siteDir || dir === failedDir) return;
    try {
      await site.swap(dir);
      log.info({ siteDir: dir }, "site: now serving the release the editor published");
    } catch (caught) {
      // Tried once per release: a release this instance cannot load leaves it on the one it serves.
      failedDir = dir;
      log.error({ err: caught, siteDir: dir }, "site: could not load the published release; still serving the one before");
    }
  };
  // One check at a time: a notice and the timer meeting load the release once.
  const check = () => (checking = checking.then(checkNow, checkNow));
  const timer = setInterval(() => void check(), options.checkMs ?? CHECK_MS);
  timer.unref();
  const subscriber = options.redis?.duplicate();
  if (subscriber) {
    subscriber.on("error", () => undefined);
    subscriber.on("message", () => void check());
    subscriber.subscribe(RELEASE_CHANNEL).catch((caught: Error) => log.warn({ err: caught }, "site: no release notices from Redis; reading the release record every second"));
  }
  return {
    check,
    async close() {
      clearInterval(timer);
      await checking;
      if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
