import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSite, startTestApp, type TestApp } from "../app.test-support";

// What the site serves is the built site and nothing else lying in its folder,
// and a not-found answer never echoes what was asked for.

const UPLOADED_SCRIPT = "fetch('/api/admin/enquiries')";

let t: TestApp;
let siteDir: string;
beforeAll(async () => {
  // A site folder holding what a careless copy or build could leave in it.
  siteDir = await mkdtemp(path.join(tmpdir(), "site-exposure-"));
  await makeSite(siteDir);
  await mkdir(path.join(siteDir, ".git"), { recursive: true });
  await mkdir(path.join(siteDir, "assets"), { recursive: true });
  await writeFile(path.join(siteDir, ".env"), "ADMIN_PASSWORD=hunter2hunter2");
  await writeFile(path.join(siteDir, ".git", "config"), "[core]");
  await writeFile(path.join(siteDir, "README.md"), "# public/");
  await writeFile(path.join(siteDir, "assets", "app-abc123.js"), "console.log(1)");
  await writeFile(path.join(siteDir, "assets", "app-abc123.js.map"), '{"sources":["../../app/secret.ts"]}');
  await writeFile(path.join(siteDir, "leads.db"), "SQLite format 3");
  await writeFile(path.join(siteDir, "site.webmanifest"), "{}");
  // What public/ (the editor's uploads among it) could have put in the build.
  await mkdir(path.join(siteDir, "media", "uploads"), { recursive: true });
  await writeFile(path.join(siteDir, "media", "uploads", "x.html"), `<!DOCTYPE html><script>${UPLOADED_SCRIPT}</script>`);
  await writeFile(path.join(siteDir, "media", "uploads", "face.png"), "\x89PNG\r\n\x1a\n");
  await writeFile(path.join(siteDir, "media", "uploads", "Face.JPG"), "\xff\xd8\xff");
  await writeFile(path.join(siteDir, "media", "uploads", "worker.js"), "postMessage(1)");
  t = await startTestApp({ SITE_DIR: siteDir });
});
afterAll(async () => {
  await t.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe("files in the site folder", () => {
  it("serves the built site's own files", async () => {
    expect((await t.app.inject({ method: "GET", url: "/site.webmanifest" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" })).statusCode).toBe(200);
  });

  it("never serves dotfiles, READMEs, source maps or data files", async () => {
    for (const url of ["/.env", "/.git/config", "/README.md", "/assets/app-abc123.js.map", "/leads.db"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toMatch(/hunter2|\[core\]|# public|secret\.ts|SQLite/);
    }
  });
});

describe("the policy each file is served with", () => {
  const sandboxed = (csp: unknown) => {
    expect(String(csp)).toMatch(/^default-src 'none';/);
    expect(String(csp)).toMatch(/(^|; )sandbox(;|$)/);
    expect(String(csp)).not.toContain("script-src");
  };

  it("a page the build pre-rendered gets its own policy, allowing its scripts by hash", async () => {
    const home = await t.app.inject({ method: "GET", url: "/" });
    expect(String(home.headers["content-security-policy"])).toContain("script-src 'self'");
  });

  it("HTML that is no pre-rendered page (an upload, a file from public/) gets the resource policy: nothing in it runs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/media/uploads/x.html" });
    const csp = response.headers["content-security-policy"];
    sandboxed(csp);
    expect(String(csp)).not.toContain(createHash("sha256").update(UPLOADED_SCRIPT).digest("base64"));
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("an uploaded picture is served as a picture, sandboxed, never sniffed", async () => {
    for (const [url, type] of [
      ["/media/uploads/face.png", "image/png"],
      ["/media/uploads/Face.JPG", "image/jpeg"],
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe(type);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      sandboxed(response.headers["content-security-policy"]);
    }
  });
});

describe("the policy of the build's scripts", () => {
  it("a built script (a worker takes its script's policy) may load the site's chunks and is not sandboxed", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).toContain("script-src 'self'");
    // Sandboxed, a worker is an opaque, insecure context without crypto.subtle: the proof of work cannot be solved.
    expect(csp).not.toMatch(/(^|; )sandbox(;|$)/);
  });

  it("a script anywhere else (an upload) keeps the resource policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/media/uploads/worker.js" });
    expect(String(response.headers["content-security-policy"])).toMatch(/(^|; )sandbox(;|$)/);
  });
});

describe("not found", () => {
  it("a GET gets the site's not-found page; another method a fixed answer that echoes nothing", async () => {
    const page = await t.app.inject({ method: "GET", url: "/no-such-page-xyz" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("Not found: /404");
    for (const method of ["POST", "PUT", "DELETE", "PATCH"] as const) {
      const response = await t.app.inject({ method, url: "/no-such-page-xyz?q=<script>" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, message: "Not Found" });
      expect(response.body).not.toMatch(/no-such-page|script|POST|PUT|DELETE|PATCH/);
    }
  });
});
