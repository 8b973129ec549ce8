import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSite, startTestApp, type TestApp } from "../testing";

// What the site serves is the built site and nothing else lying in its folder,
// and a not-found answer never echoes what was asked for.

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
