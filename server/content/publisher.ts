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
  /** Push each published commit to the checkout's `origin` (CONTENT_GIT_PUSH). */
  push?: boolean;
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
  /** Starts the content's history where there is no repository; called at start, before any edit. */
  prepare(): Promise<void>;
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
 * The part of a failed build's output the owner needs: from the first line
 * naming a content file (the schema check names the file, then one indented
 * line per field and reason), else the last lines of the output.
 */
export function buildErrorMessage(output: string): string {
  const lines = output.replace(ansi, "").split(/\r?\n/).map((line) => line.trimEnd()).filter((line) => line && !/^\s*at\s/.test(line));
  // A content file as the schema check names it (not a source file such as app/content/legal.ts in a warning).
  const first = lines.findIndex((line) => /(^|[\s"'(:])content\/[\w./-]+\.(ya?ml|md)\b/.test(line.replace(/^\w*Error:\s*/, "")));
  if (first >= 0) {
    const chosen = [lines[first]!.replace(/^\w*Error:\s*/, "")];
    for (const line of lines.slice(first + 1)) {
      if (!/^\s/.test(line)) break;
      chosen.push(line);
    }
    return chosen.join("\n");
  }
  return lines.slice(-12).join("\n") || "The build failed without a message.";
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

  /** Without a repository the content's history is kept in one made here, once, before the first edit. */
  let repository: Promise<void> | undefined;
  const ensureRepository = () =>
    (repository ??= (async () => {
      if (existsSync(path.join(sourceDir, ".git"))) return;
      await git("init", "--quiet");
      await git("add", "--all");
      await git("commit", "--quiet", "--allow-empty", "-m", "Site history begins: the content as it was before the editor");
      log.info({ sourceDir }, "content history: started a git repository");
    })());

  const drafts = async (): Promise<string[]> => {
    await ensureRepository();
    // NUL-separated and untrimmed: each entry is "XY path".
    const result = await run("git", ["status", "--porcelain", "-z", "--untracked-files=all", "--", ...PUBLISHED_PATHS], { cwd: sourceDir, env: gitEnv });
    if (result.code !== 0) throw new Error(`git status failed: ${result.output.trim()}`);
    return result.output
      .split("\0")
      .filter((entry) => entry.length > 3)
      .map((entry) => entry.slice(3));
  };

  const build = async (outDir: string) => {
    const [command, ...args] = options.buildCommand ?? ["npm", "run", "build"];
    return run(command!, args, { cwd: sourceDir, env: { ...process.env, SITE_BUILD_DIR: outDir } });
  };

  /** Removes the builds no one serves or previews any more, keeping the last two releases (the one before is a quick rollback). */
  const prune = async () => {
    const inUse = [options.site()?.siteDir, preview?.dir, (await readCurrent())?.dir].filter((dir): dir is string => dir !== undefined);
    const keep = new Set(inUse.map((dir) => path.basename(path.dirname(dir))));
    const entries = await readdir(releasesDir, { withFileTypes: true });
    const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    for (const name of names.filter((item) => item.startsWith("release-")).slice(-2)) keep.add(name);
    for (const name of names) if (!keep.has(name)) await rm(path.join(releasesDir, name), { recursive: true, force: true });
  };

  const work = async (kind: PublishJob) => {
    const started = Date.now();
    const at = new Date(started).toISOString();
    await mkdir(releasesDir, { recursive: true });
    const outDir = path.join(releasesDir, `${kind === "publish" ? "release" : "preview"}-${at.replace(/[:.]/g, "-")}`);
    let committed = false;
    try {
      if (kind === "publish") {
        const changed = await drafts();
        if (changed.length > 0) {
          await git("add", "--all", "--", ...PUBLISHED_PATHS.filter((item) => existsSync(path.join(sourceDir, item))));
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
        // Served now: from here on the commit stays, whatever happens next.
        committed = false;
        const current: Current = { dir: siteDir, commit: await git("rev-parse", "--short", "HEAD"), at: new Date().toISOString(), durationMs: Date.now() - started };
        await writeFile(path.join(releasesDir, CURRENT_FILE), JSON.stringify(current));
        preview = undefined;
        log.info({ commit: current.commit, ms: current.durationMs }, "content published");
      }
      error = undefined;
      if (kind === "publish" && options.push) {
        // Published here already; a push that fails is told, and tried again by the next publish.
        await git("push", "--quiet", "origin", "HEAD").catch((caught: Error) => {
          error = { job: kind, at, message: `Published here, but not pushed to the repository: ${caught.message}` };
          log.warn({ err: caught }, "content push failed");
        });
      }
      await prune();
    } catch (caught) {
      if (committed) await git("reset", "--quiet", "--soft", "HEAD~1").catch(() => undefined);
      await rm(outDir, { recursive: true, force: true });
      error = { job: kind, at, message: (caught as Error).message };
      log.error({ job: kind, err: caught }, "content build failed");
    }
  };

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
    prepare: () => ensureRepository(),
    idle: async () => {
      await running;
    },
  };
}
