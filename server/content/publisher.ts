import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { PublishJob, PublishStatus } from "../../contract/content-editor";
import { UPLOADS_DIRECTORY } from "../../editor/keystatic.config";
import type { LiveSite } from "../site/site-plugin";

// Publishing the owner's edits on this server: commit them with git, build the
// site into a new folder in the background (one build at a time), and swap the
// new pages in without a restart. A failed build commits nothing, keeps the
// site as it was, and keeps its message for the editor to show.

/** What publishing touches in the checkout: the content files and the pictures uploaded for them. */
export const PUBLISHED_PATHS = ["content", UPLOADS_DIRECTORY] as const;
const CURRENT_FILE = "current.json";
/** The build's output kept for the message: its end is where the reason is. */
const OUTPUT_KEEP = 64 * 1024;

export interface Author {
  name: string;
  email: string;
}

export interface PublisherOptions {
  /** The checkout the editor writes to and the site is built from (SITE_SOURCE_DIR). */
  sourceDir: string;
  /** Where each build gets its own new folder (SITE_RELEASES_DIR). */
  releasesDir: string;
  author: Author;
  log: FastifyBaseLogger;
  /** The site being served; undefined when the server serves no site. */
  site: () => LiveSite | undefined;
  /** The build command; `npm run build` unless a test says otherwise. */
  buildCommand?: readonly string[];
}

export interface Publisher {
  status(): Promise<PublishStatus>;
  /** Starts a build of the drafts; false when one is running already. */
  start(job: PublishJob): boolean;
  /** The folder of the last preview build, if any. */
  previewDir(): string | undefined;
  /** The folder of the last published build, to serve after a restart. */
  publishedSiteDir(): Promise<string | undefined>;
  /** Resolves when no build is running. */
  idle(): Promise<void>;
}

interface Current {
  dir: string;
  commit: string;
  at: string;
  durationMs: number;
}

// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*[A-Za-z]/g;

/**
 * The part of a failed build's output the owner needs: the lines naming a
 * content file (the schema check names the file, the field and the reason),
 * else the last lines.
 */
export function buildErrorMessage(output: string): string {
  const lines = output.replace(ansi, "").split(/\r?\n/).map((line) => line.trimEnd()).filter(Boolean);
  const named = lines.filter((line) => /\bcontent\/[\w./-]+/.test(line) && !/^\s*at\s/.test(line));
  const chosen = named.length > 0 ? [...new Set(named)].slice(0, 12) : lines.filter((line) => !/^\s*at\s/.test(line)).slice(-12);
  return chosen.join("\n") || "The build failed without a message.";
}

function run(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_KEEP);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

export function createPublisher(options: PublisherOptions): Publisher {
  const { sourceDir, releasesDir, author, log } = options;
  const gitEnv = {
    ...process.env,
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };
  const git = async (...args: string[]) => {
    const result = await run("git", args, { cwd: sourceDir, env: gitEnv });
    if (result.code !== 0) throw new Error(`git ${args[0]} failed: ${result.output.trim()}`);
    return result.output.trim();
  };

  let running: Promise<void> | undefined;
  let job: PublishJob | undefined;
  let preview: { dir: string; at: string } | undefined;
  let error: PublishStatus["error"];

  const readCurrent = async (): Promise<Current | undefined> => {
    try {
      return JSON.parse(await readFile(path.join(releasesDir, CURRENT_FILE), "utf8")) as Current;
    } catch {
      return undefined;
    }
  };

  /** Without a repository the content's history is kept in one made here. */
  const ensureRepository = async () => {
    if (existsSync(path.join(sourceDir, ".git"))) return;
    await git("init", "--quiet");
    await git("add", "--all");
    await git("commit", "--quiet", "--allow-empty", "-m", "Site history begins: the content as it was before the editor");
    log.info({ sourceDir }, "content history: started a git repository");
  };

  const drafts = async (): Promise<string[]> => {
    if (!existsSync(path.join(sourceDir, ".git"))) return [];
    const out = await git("status", "--porcelain", "--untracked-files=all", "--", ...PUBLISHED_PATHS);
    return out
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
  };

  const build = async (outDir: string) => {
    const [command, ...args] = options.buildCommand ?? ["npm", "run", "build"];
    return run(command!, args, { cwd: sourceDir, env: { ...process.env, SITE_BUILD_DIR: outDir } });
  };

  /** Removes the builds no one serves or previews any more (keeping the one before the current, for a quick rollback). */
  const prune = async (keep: string[]) => {
    const entries = await readdir(releasesDir, { withFileTypes: true });
    const releases = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    const previous = releases.filter((name) => name.startsWith("release-")).slice(-2);
    for (const name of releases) {
      const dir = path.join(releasesDir, name);
      if (!keep.includes(dir) && !previous.includes(name)) await rm(dir, { recursive: true, force: true });
    }
  };

  const work = async (kind: PublishJob) => {
    const started = Date.now();
    const at = new Date(started).toISOString();
    await mkdir(releasesDir, { recursive: true });
    const outDir = path.join(releasesDir, `${kind === "publish" ? "release" : "preview"}-${at.replace(/[:.]/g, "-")}`);
    let committed = false;
    try {
      if (kind === "publish") {
        await ensureRepository();
        const changed = await drafts();
        if (changed.length > 0) {
          await git("add", "--all", "--", ...PUBLISHED_PATHS);
          await git("commit", "--quiet", "-m", `Content: ${changed.length === 1 ? changed[0] : `${changed.length} files`}`, "-m", changed.join("\n"));
          committed = true;
        }
      }
      const result = await build(outDir);
      if (result.code !== 0) {
        // The site stays as it is; the owner's edits stay as drafts, out of the history.
        if (committed) await git("reset", "--quiet", "--soft", "HEAD~1");
        await rm(outDir, { recursive: true, force: true });
        error = { job: kind, at, message: buildErrorMessage(result.output) };
        log.warn({ job: kind, error: error.message }, "content build failed: the site is unchanged");
        return;
      }
      const siteDir = path.join(outDir, "client");
      if (kind === "preview") {
        preview = { dir: siteDir, at };
      } else {
        const site = options.site();
        await site?.swap(siteDir);
        const current: Current = { dir: siteDir, commit: await git("rev-parse", "--short", "HEAD"), at: new Date().toISOString(), durationMs: Date.now() - started };
        await writeFile(path.join(releasesDir, CURRENT_FILE), JSON.stringify(current));
        preview = undefined;
        log.info({ commit: current.commit, ms: current.durationMs }, "content published");
      }
      error = undefined;
      await prune([path.dirname((await readCurrent())?.dir ?? ""), ...(preview ? [path.dirname(preview.dir)] : []), ...(site0() ? [path.dirname(site0()!)] : [])]);
    } catch (caught) {
      if (committed) await git("reset", "--quiet", "--soft", "HEAD~1").catch(() => undefined);
      await rm(outDir, { recursive: true, force: true });
      error = { job: kind, at, message: (caught as Error).message };
      log.error({ job: kind, err: caught }, "content build failed");
    }
  };
  const site0 = () => options.site()?.siteDir;

  return {
    async status() {
      const current = await readCurrent();
      return {
        enabled: true,
        state: running ? "building" : "idle",
        job,
        drafts: await drafts(),
        published: current ? { commit: current.commit, at: current.at, durationMs: current.durationMs } : undefined,
        preview: preview ? { at: preview.at } : undefined,
        error,
      };
    },
    start(kind) {
      if (running) return false;
      job = kind;
      running = work(kind).finally(() => {
        running = undefined;
      });
      return true;
    },
    previewDir: () => preview?.dir,
    async publishedSiteDir() {
      const current = await readCurrent();
      return current && existsSync(current.dir) ? current.dir : undefined;
    },
    idle: async () => {
      await running;
    },
  };
}
