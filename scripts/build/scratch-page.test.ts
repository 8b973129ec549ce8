// app/README.md's recipe, "Add a page", held: in a copy of what the build
// reads, a page added the way the recipe says (a route file and its content
// file, nothing else) is built, in the sitemap with the date of its content,
// pre-compressed, and served by the server's site plugin with its own policy.
// One Astro build (a few seconds), run once for every check here.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notFoundPages, redirects } from "../../contract/paths";
import { readBuiltPages } from "../../contract/built-pages";
import { sitePlugin } from "../../server/site/site-plugin";

const repoRoot = path.resolve(import.meta.dirname, "../..");
/** What `astro build` reads: the config, the site, its words, the contract, the build's own code, public/. */
const buildInputs = ["astro.config.ts", "package.json", "tsconfig.json", "app", "content", "contract", "scripts/build", "public"];

const routeFile = `---
import { aboutCopy } from "~/data/about";
import { contentEntry } from "~/data/content";
import Site from "~/layouts/site.astro";
import { pageMeta, pagePath } from "~/lib/meta";
import AboutContent from "~/views/about";

const meta = await contentEntry("meta", "careers");
const copy = aboutCopy(await contentEntry("about", "about"));
---

<Site meta={pageMeta({ ...meta, path: pagePath(Astro.url) })}>
  <AboutContent copy={copy} />
</Site>
`;
const metaFile = "title: Careers\ndescription: Work with the team that connects UK freelancers with the agencies and firms that need them.\n";

let dir: string;
let site: string;
let app: FastifyInstance;

function git(args: string[], date: string) {
  execFileSync("git", ["-c", "core.hooksPath=/dev/null", ...args], {
    cwd: dir,
    env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@localhost", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@localhost", GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scratch-page-"));
  for (const input of buildInputs) await cp(path.join(repoRoot, input), path.join(dir, input), { recursive: true });
  await symlink(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  // A history for the content's dates: everything on one day, the new page's file later.
  git(["init", "--quiet"], "2026-01-05T10:00:00Z");
  git(["add", "content"], "2026-01-05T10:00:00Z");
  git(["commit", "--quiet", "-m", "content"], "2026-01-05T10:00:00Z");
  // The recipe: a route file and its content file.
  await writeFile(path.join(dir, "app/pages/careers.astro"), routeFile);
  await writeFile(path.join(dir, "content/meta/careers.yaml"), metaFile);
  git(["add", "content"], "2026-02-14T10:00:00Z");
  git(["commit", "--quiet", "-m", "careers"], "2026-02-14T10:00:00Z");

  const built = spawnSync(process.execPath, [path.join(repoRoot, "node_modules/astro/bin/astro.mjs"), "build"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", SITE_BUILD_DIR: "" },
  });
  if (built.status !== 0) throw new Error(`the scratch build failed:\n${built.stdout}\n${built.stderr}`);
  site = path.join(dir, "build", "client");

  app = Fastify();
  await app.register(sitePlugin, { siteDir: site, https: false, connectOrigins: [], redirects, notFoundPages });
}, 180_000);

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("a page added as app/README.md says", () => {
  it("is built from its route file, with the title and description of its content file", async () => {
    const html = await readFile(path.join(site, "careers/index.html"), "utf8");
    expect(html).toMatch(/<title>Careers \| [^<]+<\/title>/);
    expect(html).toContain('<meta name="description" content="Work with the team that connects UK freelancers');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/careers"/);
  });

  it("is in the sitemap, dated by the last change of the content it shows", async () => {
    const sitemap = await readFile(path.join(site, "sitemap.xml"), "utf8");
    expect(sitemap).toMatch(/<loc>[^<]+\/careers<\/loc>\n {4}<lastmod>2026-02-14<\/lastmod>/);
    // The page next to it keeps its own date.
    expect(sitemap).toMatch(/<loc>[^<]+\/about<\/loc>\n {4}<lastmod>2026-01-05<\/lastmod>/);
    const careers = (await readBuiltPages(site)).find((page) => page.path === "/careers");
    expect(careers).toEqual({ path: "/careers", listed: true, content: ["content/about.md", "content/meta/careers.yaml"], lastmod: "2026-02-14" });
  });

  it("is pre-compressed with brotli and gzip", () => {
    expect(existsSync(path.join(site, "careers/index.html.br"))).toBe(true);
    expect(existsSync(path.join(site, "careers/index.html.gz"))).toBe(true);
  });

  it("is served by the server's site plugin as a page, its inline scripts allowed by hash", async () => {
    const response = await app.inject({ url: "/careers", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(String(response.headers["content-security-policy"])).toMatch(/script-src 'self' 'sha256-/);
  });
});
