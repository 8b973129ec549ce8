import { signedInAs, writeBuiltPages } from "../app.test-support";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtPagesFile } from "../../contract/built-pages";
import { contentEndpoints } from "../../contract/content-editor";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { buildErrorMessage, PUBLISH_STEPS, publishFaults, SimulatedCrash } from "./publisher";

// Publishing through the real server: the editor's file API writes a draft,
// Publish commits it and runs the checkout's `npm run build` (here a stand-in
// that writes one page from the file, or fails like the schema check), and
// the new pages are served from the next request on.

const PASSWORD = "publishing-test-password";
// The stand-in `npm run build` (it holds, fails like the schema check, or renders through a server build) and what it imports, copied into the checkout.
const standInBuild = path.join(import.meta.dirname, "stand-in-build.test-support.ts");
const standInServerEntry = path.join(import.meta.dirname, "stand-in-server-entry.test-support.mjs");
const standInRenderer = path.join(import.meta.dirname, "stand-in-renderer.test-support.mjs");

let root: string;
let source: string;
let dataDir: string;
let app: FastifyInstance;
let cookie: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: source, encoding: "utf8" }).trim();

/** The rest of a hero file the schema accepts: the tests change its headline, its first line. */
const HERO_REST = "subtitle: A line under it\nactions:\n  - label: Get in touch\n    href: /contact\n";

/** A checkout with a hero file, the stand-in build, and a package the build's server part imports (as a renderer package is). */
async function makeSource(dir: string) {
  await mkdir(path.join(dir, "content", "home"), { recursive: true });
  await writeFile(path.join(dir, "content", "home", "hero.yaml"), `headline: First\n${HERO_REST}`);
  await copyFile(standInBuild, path.join(dir, "build.ts"));
  await copyFile(standInServerEntry, path.join(dir, "server-entry.mjs"));
  await writeFile(path.join(dir, ".gitignore"), "node_modules/\n");
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module", scripts: { build: "node build.ts --server-build" } }));
  const renderer = path.join(dir, "node_modules", "fake-renderer");
  await mkdir(renderer, { recursive: true });
  await writeFile(path.join(renderer, "package.json"), JSON.stringify({ name: "fake-renderer", type: "module", exports: "./index.js" }));
  await copyFile(standInRenderer, path.join(renderer, "index.js"));
}

/** The site as deployed before any publish. */
async function makeSite(site: string) {
  await mkdir(path.join(site, "services", "404"), { recursive: true });
  await mkdir(path.join(site, "404"), { recursive: true });
  await writeFile(path.join(site, "index.html"), "<!DOCTYPE html><title>Home</title><h1>As deployed</h1>");
  await writeFile(path.join(site, "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
  await writeFile(path.join(site, "services", "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
  await writeBuiltPages(site, ["/", "/404", "/services/404"]);
}

const editorEnv = (extra: Record<string, string> = {}) => ({
  SITE_DIR: path.join(root, "site"),
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  ADMIN_PASSWORD: PASSWORD,
  CONTENT_EDITOR: "on",
  SITE_SOURCE_DIR: source,
  ANALYTICS: "off",
  ...extra,
});

/** An editor's session (the role publishing needs; it holds no personal data, so no second factor is asked). */
async function signIn(instance: FastifyInstance) {
  return (await signedInAs(instance, "editor", { email: "editor@team.example" })).cookie;
}

/** Saves the hero with this first line (`headline: …\n`), as the editor writes the whole file. */
async function save(headline: string) {
  const contents = `${headline}${HERO_REST}`;
  return app.inject({
    method: "POST",
    url: "/api/keystatic/update",
    headers: { cookie, "no-cors": "1", "content-type": "application/json" },
    payload: JSON.stringify({ additions: [{ path: "content/home/hero.yaml", contents: Buffer.from(contents).toString("base64url") }], deletions: [] }),
  });
}

async function waitIdle() {
  for (;;) {
    const status = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json();
    if (status.state === "idle") return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function publishAndWait() {
  const started = await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } });
  expect(started.statusCode).toBe(202);
  // One build at a time.
  expect((await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } })).statusCode).toBe(409);
  return waitIdle();
}

async function until(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "publishing-"));
  source = path.join(root, "source");
  // DATA_DIR (and so the releases) in the system's temporary folder, apart from the checkout, as on a deployed server.
  dataDir = await mkdtemp(path.join(tmpdir(), "publishing-data-"));
  await makeSource(source);
  await makeSite(path.join(root, "site"));
  app = await buildApp(loadConfig(editorEnv()));
  cookie = await signIn(app);
});

afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe("the content editor's publishing", () => {
  it("is the signed-in owner's only", async () => {
    expect((await app.inject({ url: "/api/keystatic/tree", headers: { "no-cors": "1" } })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: contentEndpoints.publish })).statusCode).toBe(401);
    const page = await app.inject({ url: "/keystatic/singleton/homeHero" });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe("/admin");
    expect((await app.inject({ url: "/admin/preview/" })).statusCode).toBe(303);
    const remembered = await app.inject({ url: "/admin/content", headers: { cookie } });
    expect([remembered.statusCode, remembered.headers.location]).toEqual([303, "/keystatic"]);
    expect((await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie, "sec-fetch-site": "cross-site" } })).statusCode).toBe(403);
  });

  it("commits a saved draft by the owner, builds it into a new folder and serves it without a restart", async () => {
    expect((await save("headline: Second\n")).statusCode).toBe(200);
    const draft = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json();
    expect(draft.drafts).toEqual(["content/home/hero.yaml"]);
    expect((await app.inject({ url: "/" })).body).toContain("As deployed");

    const status = await publishAndWait();
    expect(status.error).toBeUndefined();
    expect(status.drafts).toEqual([]);
    expect((await app.inject({ url: "/" })).body).toContain("headline: Second");
    // Without a repository the history is started in the checkout. The person who published is the
    // commit's author; the server its committer.
    expect(git("log", "-1", "--format=%an <%ae>|%cn <%ce>|%s")).toMatch(/^Test editor \d+ <editor@team\.example>\|Site owner <owner@localhost>\|Content: content\/home\/hero\.yaml$/);
    expect(git("show", "HEAD:content/home/hero.yaml").split("\n")[0]).toBe("headline: Second");
    expect(status.published.commit).toBe(git("rev-parse", "--short", "HEAD"));
  });

  it("builds a preview of the drafts for the owner alone, without swapping the site", async () => {
    expect((await save("headline: Previewed\n")).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: contentEndpoints.preview, headers: { cookie } })).statusCode).toBe(202);
    await app.inject({ method: "POST", url: contentEndpoints.preview, headers: { cookie } });
    for (let status = { state: "building" }; status.state !== "idle"; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json();
    }
    const preview = await app.inject({ url: "/admin/preview/", headers: { cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain("headline: Previewed");
    expect(preview.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(preview.headers["content-security-policy"]).not.toContain("script-src");
    expect((await app.inject({ url: "/" })).body).toContain("headline: Second");
    expect((await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json().drafts).toEqual(["content/home/hero.yaml"]);
  });

  it("refuses a build that fails: the site and the history stay, the draft stays, the reason is told", async () => {
    const head = git("rev-parse", "HEAD");
    expect((await save("headline: BROKEN\n")).statusCode).toBe(200);
    const status = await publishAndWait();
    expect(status.error.message).toBe("content/home/hero.yaml does not fit its schema:\n  headline: must not be empty");
    expect(status.drafts).toEqual(["content/home/hero.yaml"]);
    expect((await app.inject({ url: "/" })).body).toContain("headline: Second");
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(await readFile(path.join(source, "content", "home", "hero.yaml"), "utf8")).toBe(`headline: BROKEN\n${HERO_REST}`);
  });

  it("gives a picture uploaded through the editor its AVIF and WebP sizes, and publishes them with the content", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#123c8c" } }).png().toBuffer();
    const saved = await app.inject({
      method: "POST",
      url: "/api/keystatic/update",
      headers: { cookie, "no-cors": "1", "content-type": "application/json" },
      payload: JSON.stringify({ additions: [{ path: "public/media/uploads/ann.png", contents: png.toString("base64url") }], deletions: [] }),
    });
    expect(saved.statusCode).toBe(200);
    const status = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json();
    expect(status.drafts).toEqual(expect.arrayContaining(["public/media/uploads/ann.png", "public/media/uploads/ann-96.avif", "public/media/uploads/ann-640.webp"]));
    expect((await sharp(path.join(source, "public/media/uploads/ann-48.webp")).metadata()).width).toBe(48);
  });

  it("with CONTENT_GIT_PUSH=on, pushes each published commit to the checkout's origin", async () => {
    const origin = path.join(root, "origin.git");
    execFileSync("git", ["init", "--quiet", "--bare", origin]);
    git("remote", "add", "origin", origin);
    const pushing = await buildApp(loadConfig(editorEnv({ CONTENT_GIT_PUSH: "on" })));
    const previous = app;
    app = pushing;
    try {
      cookie = await signIn(app);
      expect((await save("headline: Pushed\n")).statusCode).toBe(200);
      const status = await publishAndWait();
      expect(status.error).toBeUndefined();
      // The commit holds the hero and the picture uploaded before it.
      expect(execFileSync("git", ["log", "-1", "--format=%ae|%cn|%s"], { cwd: origin, encoding: "utf8" }).trim()).toBe("editor@team.example|Site owner|Content: 8 files");
      expect(execFileSync("git", ["show", "HEAD:content/home/hero.yaml"], { cwd: origin, encoding: "utf8" }).split("\n")[0]).toBe("headline: Pushed");
      expect((await app.inject({ url: "/" })).body).toContain("headline: Pushed");
    } finally {
      app = previous;
      await pushing.close();
    }
  });

  it("a restarted server serves the last published build, not the one deployed before it", async () => {
    const again = await buildApp(loadConfig(editorEnv()));
    try {
      expect((await again.inject({ url: "/" })).body).toContain("headline: Pushed");
    } finally {
      await again.close();
    }
  });

  it("a restarted server serves the deployed build while the last published one predates the page list, as after an upgrade", async () => {
    const current = JSON.parse(await readFile(path.join(dataDir, "site-releases", "current.json"), "utf8")) as { release: string };
    const pageList = path.join(dataDir, "site-releases", current.release, "client", builtPagesFile);
    await rename(pageList, `${pageList}.kept`);
    const again = await buildApp(loadConfig(editorEnv()));
    try {
      expect((await again.inject({ url: "/" })).body).toContain("As deployed");
    } finally {
      await again.close();
      await rename(`${pageList}.kept`, pageList);
    }
  });
});

describe("publishing where the site is deployed, safely", () => {
  const releases = () => path.join(dataDir, "site-releases");
  /** The hero's headline line at a revision. */
  const heroAt = (revision: string) => git("show", `${revision}:content/home/hero.yaml`).split("\n")[0];
  const served = async () => (await app.inject({ url: "/" })).body;

  it("builds with DATA_DIR outside the checkout: the build's server part finds the project's packages", async () => {
    expect((await save("headline: Built apart\n")).statusCode).toBe(200);
    const status = await publishAndWait();
    expect(status.error).toBeUndefined();
    expect(await served()).toContain("headline: Built apart");
    const names = await readdir(releases());
    expect(names.filter((name) => name.startsWith("release-")).length).toBeGreaterThan(0);
    // Nothing of the build is left in the checkout, and no build folder beside the releases.
    expect(names.filter((name) => name.startsWith("build-"))).toEqual([]);
    expect(existsSync(path.join(source, "build"))).toBe(false);
  });

  it("builds with only what the build reads: the server's secrets are not in its environment", async () => {
    const secrets = {
      ADMIN_PASSWORD: PASSWORD,
      SMTP_URL: "smtp://user:secret@mail.example.co.uk",
      LEADS_WEBHOOK_SECRET: "webhook-secret-0123456789",
      DATABASE_URL: "postgres://user:secret@db/site",
      npm_config__authToken: "npm-token",
    };
    const given = { PUBLIC_SITE_URL: "https://www.example.co.uk", RETENTION_SPAM_DAYS: "14" };
    const before = { ...process.env };
    Object.assign(process.env, secrets, given);
    try {
      expect((await save("headline: Without secrets\n")).statusCode).toBe(200);
      expect((await publishAndWait()).error).toBeUndefined();
    } finally {
      for (const name of [...Object.keys(secrets), ...Object.keys(given)]) if (before[name] === undefined) delete process.env[name];
      Object.assign(process.env, before);
    }
    const current = JSON.parse(await readFile(path.join(releases(), "current.json"), "utf8"));
    const names: string[] = JSON.parse(await readFile(path.join(releases(), current.release, "environment.json"), "utf8"));
    for (const name of Object.keys(secrets)) expect(names).not.toContain(name);
    expect(names).toEqual(expect.arrayContaining(["PATH", "PUBLIC_SITE_URL", "RETENTION_SPAM_DAYS", "SITE_BUILD_DIR", "SITE_GIT_DIR", "SITE_GIT_REVISION"]));
  });

  it("answers the status poll many times during publishes without a git failure", async () => {
    let polls = 0;
    const failures: string[] = [];
    for (let round = 1; round <= 2; round += 1) {
      expect((await save(`headline: Polled ${round}\n`)).statusCode).toBe(200);
      let publishing = true;
      const poller = async () => {
        while (publishing) {
          const answer = await app.inject({ url: contentEndpoints.status, headers: { cookie } });
          polls += 1;
          if (answer.statusCode !== 200) failures.push(answer.body);
        }
      };
      const pollers = [poller(), poller(), poller(), poller()];
      const started = await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } });
      expect(started.statusCode).toBe(202);
      const status = await waitIdle();
      publishing = false;
      await Promise.all(pollers);
      expect(status.error).toBeUndefined();
      expect(heroAt("HEAD")).toBe(`headline: Polled ${round}`);
    }
    expect(failures).toEqual([]);
    expect(polls).toBeGreaterThan(20);
    // Each round is a whole publish under four pollers: 6 s a round measured at load average 16 on 2 CPUs, more when busier.
  }, 60_000);

  it("publishes the drafts as they were when Publish was pressed; an edit saved during the build stays a draft", async () => {
    const hold = path.join(source, "build-hold");
    await writeFile(hold, "");
    try {
      expect((await save("headline: Snapshot\n")).statusCode).toBe(200);
      expect((await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } })).statusCode).toBe(202);
      await until(() => existsSync(`${hold}.started`), "the build to start");
      expect((await save("headline: Saved during the build\n")).statusCode).toBe(200);
      await rm(hold);
      const status = await waitIdle();
      expect(status.error).toBeUndefined();
      // Served, committed and recorded: the snapshot, all three the same.
      expect(await served()).toContain("headline: Snapshot");
      expect(heroAt("HEAD")).toBe("headline: Snapshot");
      expect(status.published.commit).toBe(git("rev-parse", "--short", "HEAD"));
      // The later edit is kept, as a draft for the next publish.
      expect(await readFile(path.join(source, "content", "home", "hero.yaml"), "utf8")).toBe(`headline: Saved during the build\n${HERO_REST}`);
      expect(status.drafts).toEqual(["content/home/hero.yaml"]);
    } finally {
      await rm(hold, { force: true });
      await rm(`${hold}.started`, { force: true });
    }
  });

  it("one publisher at a time: a second instance on the same releases folder leaves a running publish alone and refuses to publish meanwhile", async () => {
    const hold = path.join(source, "build-hold");
    const otherData = await mkdtemp(path.join(tmpdir(), "publishing-other-"));
    const inFlight = async () => (await readdir(releases())).filter((name) => name.startsWith("build-") || name === "publishing.json").sort();
    let second: FastifyInstance | undefined;
    await writeFile(hold, "");
    try {
      expect((await save("headline: One publisher\n")).statusCode).toBe(200);
      expect((await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } })).statusCode).toBe(202);
      await until(() => existsSync(`${hold}.started`), "the build to start");
      const running = await inFlight();
      expect(running).toHaveLength(2);
      // Another instance with the editor on starts meanwhile: its start settles nothing of the running publish.
      second = await buildApp(loadConfig(editorEnv({ DATA_DIR: otherData, SITE_RELEASES_DIR: releases() })));
      expect(await inFlight()).toEqual(running);
      const secondCookie = await signIn(second);
      expect((await second.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie: secondCookie } })).statusCode).toBe(202);
      let refused = (await second.inject({ url: contentEndpoints.status, headers: { cookie: secondCookie } })).json();
      while (refused.state !== "idle") {
        await new Promise((resolve) => setTimeout(resolve, 20));
        refused = (await second.inject({ url: contentEndpoints.status, headers: { cookie: secondCookie } })).json();
      }
      expect(refused.error.message).toMatch(/^Another server is publishing into this releases folder \(pid \d+ on .+, since .+\): try again when it has finished\.$/);
      expect(await inFlight()).toEqual(running);
      await rm(hold);
      const status = await waitIdle();
      expect(status.error).toBeUndefined();
      expect(await served()).toContain("headline: One publisher");
      expect(heroAt("HEAD")).toBe("headline: One publisher");
    } finally {
      await rm(hold, { force: true });
      await rm(`${hold}.started`, { force: true });
      await second?.close();
      await rm(otherData, { recursive: true, force: true });
    }
  });

  it("never adds a dot-named path or a nested repository, and runs no hook or fsmonitor of the checkout", async () => {
    const marker = path.join(root, "hook-ran");
    const script = path.join(root, "hook.sh");
    await writeFile(script, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    for (const hook of ["pre-commit", "post-commit", "reference-transaction", "post-index-change"]) {
      await writeFile(path.join(source, ".git", "hooks", hook), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    }
    git("config", "core.fsmonitor", script);
    try {
      await mkdir(path.join(source, "content", "tenders", "zz"), { recursive: true });
      execFileSync("git", ["init", "--quiet"], { cwd: path.join(source, "content", "tenders", "zz") });
      await writeFile(path.join(source, "content", "tenders", "zz", "a.yaml"), "title: nested\n");
      await mkdir(path.join(source, "content", ".hidden"), { recursive: true });
      await writeFile(path.join(source, "content", ".hidden", "x.yaml"), "x: 1\n");
      await writeFile(path.join(source, "content", ".env"), "X=1\n");
      expect((await save("headline: Hardened\n")).statusCode).toBe(200);
      const status = await publishAndWait();
      expect(status.error).toBeUndefined();
      expect(git("show", "--name-only", "--format=", "HEAD")).toBe("content/home/hero.yaml");
      expect(git("ls-tree", "-r", "--name-only", "HEAD", "content")).not.toMatch(/zz|\.hidden|\.env/);
      expect(existsSync(marker)).toBe(false);
    } finally {
      git("config", "--unset", "core.fsmonitor");
      for (const hook of ["pre-commit", "post-commit", "reference-transaction", "post-index-change"]) await rm(path.join(source, ".git", "hooks", hook), { force: true });
      await rm(path.join(source, "content", "tenders"), { recursive: true, force: true });
      await rm(path.join(source, "content", ".hidden"), { recursive: true, force: true });
      await rm(path.join(source, "content", ".env"), { force: true });
    }
  });

  it("a failure after the swap keeps the new site served and says so, never 'unchanged'", async () => {
    expect((await save("headline: Tidy fails\n")).statusCode).toBe(200);
    publishFaults.at = (step) => {
      if (step === "recorded") throw new Error("disk full");
    };
    try {
      const status = await publishAndWait();
      expect(status.error.message).toBe("Published, but tidying up after it failed: disk full");
      expect(await served()).toContain("headline: Tidy fails");
      expect(heroAt("HEAD")).toBe("headline: Tidy fails");
      expect(status.drafts).toEqual([]);
      const current = JSON.parse(await readFile(path.join(releases(), "current.json"), "utf8"));
      expect(existsSync(path.join(releases(), current.release, "client", "index.html"))).toBe(true);
    } finally {
      publishFaults.at = undefined;
    }
  });

  // A kill at each step: the work stops where it is, with no clean-up; then the server starts again on the same folders.
  it.each(PUBLISH_STEPS)("stopped at %s, then restarted: the served site, the history and the drafts agree, no edit lost", async (stop) => {
    const before = git("rev-parse", "HEAD");
    const edit = `headline: Stopped at ${stop}\n`;
    expect((await save(edit)).statusCode).toBe(200);
    publishFaults.at = (step) => {
      if (step === stop) throw new SimulatedCrash(step);
    };
    try {
      await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } });
      await app.close();
    } finally {
      publishFaults.at = undefined;
    }
    app = await buildApp(loadConfig(editorEnv()));
    cookie = await signIn(app);
    const committed = PUBLISH_STEPS.indexOf(stop) >= PUBLISH_STEPS.indexOf("commit");
    const head = git("rev-parse", "HEAD");
    expect(head === before).toBe(!committed);
    expect(await served()).toContain(heroAt("HEAD"));
    const status = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json();
    expect(status.published.commit).toBe(git("rev-parse", "--short", "HEAD"));
    expect(status.drafts).toEqual(committed ? [] : ["content/home/hero.yaml"]);
    expect(await readFile(path.join(source, "content", "home", "hero.yaml"), "utf8")).toBe(`${edit}${HERO_REST}`);
    // Nothing half-done is left: no journal, no build folder, and the served release is there.
    const names = await readdir(releases());
    expect(names.filter((name) => name.startsWith("build-") || name.startsWith("publishing."))).toEqual([]);
    // The next publish takes whatever is left as a draft.
    const next = await publishAndWait();
    expect(next.error).toBeUndefined();
    expect(heroAt("HEAD")).toBe(edit.trim());
    expect(await served()).toContain(edit.trim());
  });
});

describe("buildErrorMessage", () => {
  it("keeps the lines naming the content file, the field and the reason", () => {
    const output = "  - import \"./site\" without a file extension (app/data/legal.ts:1:35). Add the file extension\n\u001b[31mbuild failed\u001b[39m\nContentError: content/tenders/a.yaml does not fit its schema:\n  icon: \"rocket\" is not an icon\n  title: must not be empty\n    at x (y.ts:1:1)\nnpm ERR! code 1";
    expect(buildErrorMessage(output)).toBe('content/tenders/a.yaml does not fit its schema:\n  icon: "rocket" is not an icon\n  title: must not be empty');
  });

  it("else the end of the output", () => {
    expect(buildErrorMessage("one\ntwo\n")).toBe("one\ntwo");
  });
});
