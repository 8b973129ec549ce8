import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeBuiltPages } from "../server/app.test-support";
import { NoSiteToServe, prepareSiteAtStart } from "./start-site";

// `npm start` with the content editor on serves what was published (or, before
// the first publish, what is committed), never the owner's drafts; and a
// build that fails at start leaves the last good build served.

// The stand-in `npm run build`: the home page from the hero file; a hero saying BROKEN fails as the schema check does.
const standInBuild = path.join(import.meta.dirname, "../server/editor/stand-in-build.test-support.ts");
const HERO_REST = "subtitle: A line under it\nactions:\n  - label: Get in touch\n    href: /contact\n";

let root: string;
let dataDir: string;
let lines: string[];

const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=Owner", "-c", "user.email=owner@localhost", ...args], { cwd: root, encoding: "utf8" });
const hero = (headline: string) => writeFile(path.join(root, "content", "home", "hero.yaml"), `headline: ${headline}\n${HERO_REST}`);
const commit = async (headline: string) => {
  await hero(headline);
  git("add", "--all");
  git("commit", "--quiet", "-m", headline);
};
const served = () => readFile(path.join(root, "build", "client", "index.html"), "utf8");
const editorOn = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  CONTENT_EDITOR: "on",
  ADMIN_PASSWORD: "start-site-test-password",
  SITE_SOURCE_DIR: root,
  DATA_DIR: dataDir,
  ...extra,
});
const start = (env: NodeJS.ProcessEnv) => prepareSiteAtStart({ root, env, log: (line) => void lines.push(line) });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "start-site-"));
  dataDir = await mkdtemp(path.join(tmpdir(), "start-site-data-"));
  lines = [];
  await mkdir(path.join(root, "content", "home"), { recursive: true });
  await copyFile(standInBuild, path.join(root, "build.ts"));
  await writeFile(path.join(root, "package.json"), JSON.stringify({ private: true, type: "module", scripts: { build: "node build.ts" } }));
  await writeFile(path.join(root, ".gitignore"), "build/\n");
  git("init", "--quiet");
  await commit("Committed");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe("the site npm start serves", () => {
  it("with the editor on, is built from the committed content, never from the drafts, and only once per commit", async () => {
    await hero("An unpublished draft");
    await start(editorOn());
    expect(await served()).toContain("headline: Committed");
    expect(lines).toEqual([expect.stringMatching(/^Building the site from the committed content \([0-9a-f]{12}\), without the editor's drafts…$/)]);
    // The draft is still on disk, untouched.
    expect(await readFile(path.join(root, "content", "home", "hero.yaml"), "utf8")).toContain("An unpublished draft");
    await start(editorOn());
    expect(lines).toHaveLength(1);
  });

  it("with the editor on and a release published, is that release, with no build", async () => {
    const releases = path.join(dataDir, "site-releases");
    await mkdir(path.join(releases, "release-1", "client"), { recursive: true });
    await writeFile(path.join(releases, "release-1", "client", "index.html"), "<h1>Published</h1>");
    await writeBuiltPages(path.join(releases, "release-1", "client"), ["/"]);
    await writeFile(path.join(releases, "current.json"), JSON.stringify({ release: "release-1", commit: "abc", at: "", durationMs: 0 }));
    await hero("An unpublished draft");
    await start(editorOn());
    expect(existsSync(path.join(root, "build"))).toBe(false);
    expect(lines).toEqual([`Serving the release the content editor last published (${path.join(releases, "release-1", "client")}); drafts are never built at start.`]);
  });

  it("keeps the last good build when a build fails, and says so", async () => {
    await start(editorOn());
    await commit("BROKEN");
    await start(editorOn());
    expect(await served()).toContain("headline: Committed");
    expect(lines.at(-1)).toMatch(/^The site's build failed \(its output is above\): still serving the last good build, made \d{4}-/);
    // Without the editor too: the working tree is built, and a failure keeps what was there.
    await rm(path.join(root, "build", "built-from.json"));
    await hero("BROKEN again");
    await start({ PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir });
    expect(await served()).toContain("headline: Committed");
    expect(lines.at(-1)).toMatch(/still serving the last good build/);
  });

  it("stops, named, only when a build fails and there is no earlier build", async () => {
    await commit("BROKEN");
    await expect(start(editorOn())).rejects.toBeInstanceOf(NoSiteToServe);
    expect(existsSync(path.join(root, "build", "client"))).toBe(false);
  });

  it("without the editor, is built from the working tree when it is newer than the build", async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
    await start(env);
    expect(await served()).toContain("headline: Committed");
    await new Promise((resolve) => setTimeout(resolve, 20));
    await hero("Edited by hand");
    await start(env);
    expect(await served()).toContain("headline: Edited by hand");
  });
});
