import { signedInAs, writeBuiltPages } from "../app.test-support";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentEndpoints } from "../../contract/content-editor";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { postgresReachable, redisReachable, scratchDatabase, shouldRun, testRedisUrl, type ScratchDatabase } from "../store/databases.test-support";
import { followReleases, RELEASE_CHANNEL } from "./follower";
import type { LiveSite } from "../site/site-plugin";

// Several instances on PostgreSQL and Redis, one editor: the instance with
// CONTENT_EDITOR=on publishes into the shared releases folder, the other one
// (SITE_RELEASES_DIR, no editor) serves the new release within seconds.

/** The rest of a hero file the schema accepts: the save is checked as the build checks it. */
const HERO_REST = "subtitle: A line under it\nactions:\n  - label: Get in touch\n    href: /contact\n";

const PASSWORD = "instances-test-password";
// A stand-in for `npm run build` (the home page from the hero file), copied into the checkout.
const standInBuild = path.join(import.meta.dirname, "stand-in-build.test-support.ts");

const run = shouldRun("PostgreSQL and Redis", (await postgresReachable()) && (await redisReachable()));

describe.runIf(run)("two instances on PostgreSQL and Redis", () => {
  let root: string;
  let scratch: ScratchDatabase;
  let editor: FastifyInstance;
  let follower: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "instances-"));
    scratch = await scratchDatabase("postgres");
    const source = path.join(root, "source");
    await mkdir(path.join(source, "content", "home"), { recursive: true });
    await writeFile(path.join(source, "content", "home", "hero.yaml"), `headline: First\n${HERO_REST}`);
    await copyFile(standInBuild, path.join(source, "build.ts"));
    await writeFile(path.join(source, "package.json"), JSON.stringify({ private: true, type: "module", scripts: { build: "node build.ts" } }));
    const site = path.join(root, "site");
    for (const dir of ["", "404", "services/404"]) await mkdir(path.join(site, dir), { recursive: true });
    await writeFile(path.join(site, "index.html"), "<!DOCTYPE html><title>Home</title><h1>As deployed</h1>");
    await writeFile(path.join(site, "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
    await writeFile(path.join(site, "services", "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
    await writeBuiltPages(site, ["/", "/404", "/services/404"]);
    const shared = {
      SITE_DIR: site,
      SITE_RELEASES_DIR: path.join(root, "shared-releases"),
      DATABASE_URL: scratch.databaseUrl!,
      REDIS_URL: testRedisUrl,
      IP_HASH_SECRET: "instances-test-ip-hash-secret-0123456789",
      LOG_LEVEL: "silent",
      ADMIN_PASSWORD: PASSWORD,
      ANALYTICS: "off",
    };
    editor = await buildApp(loadConfig({ ...shared, DATA_DIR: path.join(root, "data-a"), CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source }));
    follower = await buildApp(loadConfig({ ...shared, DATA_DIR: path.join(root, "data-b") }));
  });

  afterAll(async () => {
    await editor?.close();
    await follower?.close();
    await scratch?.drop();
    await rm(root, { recursive: true, force: true });
  });

  it("a publish on the editor's instance is served by the other, which picks it up by itself", async () => {
    const cookie = (await signedInAs(editor, "editor")).cookie;
    // The other instance has no editor: nothing to edit or publish there.
    expect((await follower.inject({ url: "/api/keystatic/tree", headers: { "no-cors": "1" } })).statusCode).toBe(404);
    const saved = await editor.inject({
      method: "POST",
      url: "/api/keystatic/update",
      headers: { cookie, "no-cors": "1", "content-type": "application/json" },
      payload: JSON.stringify({ additions: [{ path: "content/home/hero.yaml", contents: Buffer.from(`headline: Everywhere\n${HERO_REST}`).toString("base64url") }], deletions: [] }),
    });
    expect(saved.statusCode).toBe(200);
    expect((await follower.inject({ url: "/" })).body).toContain("As deployed");
    expect((await editor.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } })).statusCode).toBe(202);
    for (;;) {
      if ((await editor.inject({ url: "/" })).body.includes("Everywhere")) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The follower picks the release up by itself (how soon is the bench's to measure).
    for (;;) {
      if ((await follower.inject({ url: "/" })).body.includes("headline: Everywhere")) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("a restarted follower serves the published release", async () => {
    const again = await buildApp(
      loadConfig({ SITE_DIR: path.join(root, "site"), SITE_RELEASES_DIR: path.join(root, "shared-releases"), DATA_DIR: path.join(root, "data-c"), LOG_LEVEL: "silent", ANALYTICS: "off" }),
    );
    try {
      expect((await again.inject({ url: "/" })).body).toContain("headline: Everywhere");
    } finally {
      await again.close();
    }
  });

  it("the Redis notice alone makes a follower look at once", async () => {
    const releasesDir = await mkdtemp(path.join(tmpdir(), "instances-notice-"));
    const redis = new Redis(testRedisUrl);
    const publisher = new Redis(testRedisUrl);
    let swapped: string | undefined;
    const site: LiveSite = {
      siteDir: "/nowhere",
      swap: async (dir) => void (swapped = dir),
      load: async () => () => undefined,
      page: async () => undefined,
    };
    // Checking the record only once a minute: only a notice can make it look now.
    const following = followReleases({ releasesDir, site: () => site, redis, log: editor.log, checkMs: 60_000 });
    try {
      await mkdir(path.join(releasesDir, "release-x", "client"), { recursive: true });
      await writeBuiltPages(path.join(releasesDir, "release-x", "client"), ["/"]);
      await writeFile(path.join(releasesDir, "current.json"), JSON.stringify({ release: "release-x", commit: "abc", at: "", durationMs: 0 }));
      for (let waited = 0; swapped === undefined && waited < 3000; waited += 50) {
        await publisher.publish(RELEASE_CHANNEL, "release-x");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(swapped).toBe(path.join(releasesDir, "release-x", "client"));
    } finally {
      await following.close();
      redis.disconnect();
      publisher.disconnect();
      await rm(releasesDir, { recursive: true, force: true });
    }
  });
});
