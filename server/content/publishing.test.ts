import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentEndpoints } from "../../contract/content-editor";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { buildErrorMessage } from "./publisher";

// Publishing through the real server: the editor's file API writes a draft,
// Publish commits it and runs the checkout's `npm run build` (here a stand-in
// that writes one page from the file, or fails like the schema check), and
// the new pages are served from the next request on.

const PASSWORD = "publishing-test-password";
const fakeBuild = `
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
const hero = readFileSync("content/home/hero.yaml", "utf8");
if (hero.includes("BROKEN")) {
  console.error("ContentError: content/home/hero.yaml does not fit its schema:\\n  headline: must not be empty\\n    at check (plugin.ts:1:1)");
  process.exit(1);
}
const out = path.join(process.env.SITE_BUILD_DIR, "client");
mkdirSync(path.join(out, "services", "404"), { recursive: true });
mkdirSync(path.join(out, "404"), { recursive: true });
writeFileSync(path.join(out, "index.html"), "<!DOCTYPE html><title>Home</title><h1>" + hero.trim() + "</h1>");
writeFileSync(path.join(out, "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
writeFileSync(path.join(out, "services", "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
`;

let root: string;
let source: string;
let app: FastifyInstance;
let cookie: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: source, encoding: "utf8" }).trim();

async function save(contents: string) {
  return app.inject({
    method: "POST",
    url: "/api/keystatic/update",
    headers: { cookie, "no-cors": "1", "content-type": "application/json" },
    payload: JSON.stringify({ additions: [{ path: "content/home/hero.yaml", contents: Buffer.from(contents).toString("base64url") }], deletions: [] }),
  });
}

async function publishAndWait() {
  const started = await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } });
  expect(started.statusCode).toBe(202);
  // One build at a time.
  expect((await app.inject({ method: "POST", url: contentEndpoints.publish, headers: { cookie } })).statusCode).toBe(409);
  for (;;) {
    const status = (await app.inject({ url: contentEndpoints.status, headers: { cookie } })).json();
    if (status.state === "idle") return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "publishing-"));
  source = path.join(root, "source");
  await mkdir(path.join(source, "content", "home"), { recursive: true });
  await writeFile(path.join(source, "content", "home", "hero.yaml"), "headline: First\n");
  await writeFile(path.join(source, "build.mjs"), fakeBuild);
  await writeFile(path.join(source, "package.json"), JSON.stringify({ private: true, type: "module", scripts: { build: "node build.mjs" } }));
  const site = path.join(root, "site");
  await mkdir(path.join(site, "services", "404"), { recursive: true });
  await mkdir(path.join(site, "404"), { recursive: true });
  await writeFile(path.join(site, "index.html"), "<!DOCTYPE html><title>Home</title><h1>As deployed</h1>");
  await writeFile(path.join(site, "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
  await writeFile(path.join(site, "services", "404", "index.html"), "<!DOCTYPE html><title>Oops</title>");
  app = await buildApp(
    loadConfig({ SITE_DIR: site, DATA_DIR: path.join(root, "data"), LOG_LEVEL: "silent", ADMIN_PASSWORD: PASSWORD, CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source, ANALYTICS: "off" }),
  );
  const signIn = await app.inject({ method: "POST", url: "/api/admin/session", payload: { password: PASSWORD } });
  cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
});

afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
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
    // Without a repository the history is started in the checkout; the owner is the author.
    expect(git("log", "-1", "--format=%an <%ae>|%s")).toBe("Site owner <owner@localhost>|Content: content/home/hero.yaml");
    expect(git("show", "HEAD:content/home/hero.yaml")).toBe("headline: Second");
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
    expect(await readFile(path.join(source, "content", "home", "hero.yaml"), "utf8")).toBe("headline: BROKEN\n");
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
    const pushing = await buildApp(
      loadConfig({ SITE_DIR: path.join(root, "site"), DATA_DIR: path.join(root, "data"), LOG_LEVEL: "silent", ADMIN_PASSWORD: PASSWORD, CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source, ANALYTICS: "off", CONTENT_GIT_PUSH: "on" }),
    );
    const previous = app;
    app = pushing;
    try {
      const signIn = await app.inject({ method: "POST", url: "/api/admin/session", payload: { password: PASSWORD } });
      cookie = String(signIn.headers["set-cookie"]).split(";")[0]!;
      expect((await save("headline: Pushed\n")).statusCode).toBe(200);
      const status = await publishAndWait();
      expect(status.error).toBeUndefined();
      // The commit holds the hero and the picture uploaded before it.
      expect(execFileSync("git", ["log", "-1", "--format=%an|%s"], { cwd: origin, encoding: "utf8" }).trim()).toBe("Site owner|Content: 8 files");
      expect(execFileSync("git", ["show", "HEAD:content/home/hero.yaml"], { cwd: origin, encoding: "utf8" })).toBe("headline: Pushed\n");
      expect((await app.inject({ url: "/" })).body).toContain("headline: Pushed");
    } finally {
      app = previous;
      await pushing.close();
    }
  });

  it("a restarted server serves the last published build, not the one deployed before it", async () => {
    const again = await buildApp(
      loadConfig({ SITE_DIR: path.join(root, "site"), DATA_DIR: path.join(root, "data"), LOG_LEVEL: "silent", ADMIN_PASSWORD: PASSWORD, CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source, ANALYTICS: "off" }),
    );
    try {
      expect((await again.inject({ url: "/" })).body).toContain("headline: Pushed");
    } finally {
      await again.close();
    }
  });
});

describe("buildErrorMessage", () => {
  it("keeps the lines naming the content file, the field and the reason", () => {
    const output = "  - import \"./site\" without a file extension (app/content/legal.ts:1:35). Add the file extension\n\u001b[31mbuild failed\u001b[39m\nContentError: content/tenders/a.yaml does not fit its schema:\n  icon: \"rocket\" is not an icon\n  title: must not be empty\n    at x (y.ts:1:1)\nnpm ERR! code 1";
    expect(buildErrorMessage(output)).toBe('content/tenders/a.yaml does not fit its schema:\n  icon: "rocket" is not an icon\n  title: must not be empty');
  });

  it("else the end of the output", () => {
    expect(buildErrorMessage("one\ntwo\n")).toBe("one\ntwo");
  });
});
