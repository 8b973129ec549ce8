// The site `npm start` serves, made ready before the server starts.
// With the content editor on (local mode) the checkout holds the owner's
// unpublished drafts, so its working tree is never built: the release the
// editor last published is served as it is, with no build, and before the
// first publish the committed content (HEAD) is built, in a folder apart as a
// publish builds. Otherwise the checkout is built when its sources are newer
// than the build. Each build writes a new folder that replaces build/client
// only once it succeeded: a failed build leaves the last good one served, and
// says so; only with no build at all does the start stop.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config";
import { buildEnvironment } from "../server/editor/build-environment";
import { exportIndex } from "../server/editor/build-folder";
import { followedSiteDir } from "../server/editor/follower";
import { checkoutGit } from "../server/editor/git";
import { BUILD_CODE } from "../server/editor/save-dependents";

/** What the site's build reads from the checkout: newer than the build, it is built again. */
const SOURCES = ["content", "public", ...BUILD_CODE];
/** Beside build/client: the commit a build of the committed content was made from. */
const BUILT_FROM = "built-from.json";
/** Where a build writes before it replaces the served one. */
const NEXT_BUILD = ".next";

/** The build failed and there is no earlier build to serve. */
export class NoSiteToServe extends Error {
  override name = "NoSiteToServe";
}

export interface StartSiteOptions {
  /** The checkout `npm start` runs in; its build/ is the site served (SITE_DIR's default). */
  root: string;
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export async function prepareSiteAtStart({ root, env, log = console.log }: StartSiteOptions): Promise<void> {
  const config = loadConfig(env);
  const editing = config.content?.mode === "local" ? config.content : undefined;
  if (editing) {
    const release = await followedSiteDir(editing.releasesDir);
    if (release) {
      log(`Serving the release the content editor last published (${release}); drafts are never built at start.`);
      return;
    }
  }
  const buildDir = path.join(root, "build");
  const page = path.join(buildDir, "client", "index.html");
  const commit = editing && path.resolve(editing.sourceDir) === path.resolve(root) ? await headCommit(root) : undefined;
  if (commit) {
    const built = await readFile(path.join(buildDir, BUILT_FROM), "utf8").then((text) => (JSON.parse(text) as { commit?: string }).commit, () => undefined);
    if (existsSync(page) && built === commit) return;
    log(`Building the site from the committed content (${commit.slice(0, 12)}), without the editor's drafts…`);
    const exported = await mkdtemp(path.join(tmpdir(), "site-start-"));
    try {
      const git = checkoutGit(root);
      const index = `${exported}.index`;
      await git(["read-tree", commit], { env: { GIT_INDEX_FILE: index } });
      await exportIndex(git, index, exported);
      // The sitemap's dates come from the history up to the commit built.
      const ok = await build(root, exported, env, { SITE_GIT_DIR: path.join(root, ".git"), SITE_GIT_REVISION: commit });
      if (ok) await writeFile(path.join(buildDir, BUILT_FROM), JSON.stringify({ commit }));
      else keepLastGoodBuild(page, log);
    } finally {
      await rm(exported, { recursive: true, force: true });
    }
    return;
  }
  const builtAt = existsSync(page) ? statSync(page).mtimeMs : 0;
  if (builtAt > 0 && !SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt)) return;
  log("Building the site…");
  if (await build(root, root, env)) await rm(path.join(buildDir, BUILT_FROM), { force: true });
  else keepLastGoodBuild(page, log);
}

/** The checkout's HEAD, when it is a repository with a commit. */
async function headCommit(root: string): Promise<string | undefined> {
  if (!existsSync(path.join(root, ".git"))) return undefined;
  return (await checkoutGit(root)(["rev-parse", "--verify", "HEAD"]).catch(() => "")).trim() || undefined;
}

function keepLastGoodBuild(page: string, log: (line: string) => void) {
  if (!existsSync(page)) throw new NoSiteToServe("The site's build failed (its output is above) and there is no earlier build to serve: correct what it names, then start again.");
  log(`The site's build failed (its output is above): still serving the last good build, made ${statSync(page).mtime.toISOString()}.`);
}

/** `npm run build` in `cwd` into a new folder, which replaces build/'s folders once it succeeded; false when it failed. */
async function build(root: string, cwd: string, env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): Promise<boolean> {
  const buildDir = path.join(root, "build");
  const next = path.join(buildDir, NEXT_BUILD);
  await rm(next, { recursive: true, force: true });
  await mkdir(buildDir, { recursive: true });
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd, stdio: "inherit", env: buildEnvironment(env, { SITE_BUILD_DIR: next, ...extra }) });
    child.on("error", reject);
    child.on("close", (status) => resolve(status ?? 1));
  });
  if (code === 0) {
    for (const entry of await readdir(next)) {
      const served = path.join(buildDir, entry);
      const old = path.join(next, `${entry}.old`);
      if (existsSync(served)) await rename(served, old);
      await rename(path.join(next, entry), served);
    }
  }
  await rm(next, { recursive: true, force: true });
  return code === 0;
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target, { recursive: true }).reduce<number>((max, name) => Math.max(max, statSync(path.join(target, String(name))).mtimeMs), 0);
}
