import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { builtPagesFile } from "../../contract/built-pages";
import type { PublishJob, PublishStatus } from "../../contract/content-editor";
import { UPLOADS_DIRECTORY } from "../../editor/keystatic.config";
import type { LiveSite } from "../site/site-plugin";
import { buildEnvironment } from "./build-environment";
import { exportIndex } from "./build-folder";
import { checkoutGit, publishablePath, run } from "./git";
import { acquirePublishLock, PublishLockHeld, type PublishLock } from "./publish-lock";

// Publishing the owner's edits on this server, safe against a crash or a kill
// at any point (docs/adr/0015-crash-safe-publishing.md):
//   1. snapshot: the drafts as they are now become a commit object (not yet
//      on the branch), through a scratch index; the checkout is not touched;
//   2. a journal in the releases folder names that commit and its release;
//   3. build: the snapshot's files are written to a build folder of their own
//      (so edits saved meanwhile are not in it) and built there; the output
//      moves to its release folder and is loaded and checked;
//   4. commit: the branch moves to the snapshot's commit (one ref update: the
//      commit point), and the index takes the snapshot's entries, so anything
//      saved after the snapshot is still a draft;
//   5. swap: current.json names the new release (a restart serves it), then
//      this server serves it and the other instances are told;
//   6. record: the journal goes, old releases are pruned, the commit pushed.
// A start after a crash reads the journal: a branch already on the snapshot's
// commit is rolled forward (served), anything else rolled back (the build
// removed, the drafts still drafts). A failure before step 4 leaves the site
// and the history as they were; nothing after it deletes the served release.
// All of it, and the settling at start, happens under the releases folder's
// lock (publish-lock.ts): a second process never touches a live one's work.

/** What publishing touches in the checkout: the content files and the pictures uploaded for them. */
export const PUBLISHED_PATHS = ["content", UPLOADS_DIRECTORY] as const;
export const CURRENT_FILE = "current.json";
const JOURNAL_FILE = "publishing.json";
/** Scratch indexes; dot-named, so never taken for a release. */
const SCRATCH_DIR = ".scratch";

export interface Author {
  name: string;
  email: string;
}

/** The points of a publish, in order; a test or the crash drill can stop the work at any of them. */
export const PUBLISH_STEPS = ["snapshot", "journal", "export", "build", "built", "loaded", "commit", "index", "pointer", "served", "notified", "recorded", "pruned"] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];

/** Thrown by a fault hook to stop a publish where it is, with no clean-up: what a kill leaves. */
export class SimulatedCrash extends Error {
  override name = "SimulatedCrash";
}

/** Fault injection for the tests and the crash drill: called at each step of a publish. */
export const publishFaults: { at?: (step: PublishStep) => void | Promise<void> } = {};

export interface PublisherOptions {
  /** The checkout the editor writes to and the site is built from (SITE_SOURCE_DIR). */
  sourceDir: string;
  /** Where each build gets its own new folder, and current.json names the served one (SITE_RELEASES_DIR). */
  releasesDir: string;
  author: Author;
  log: FastifyBaseLogger;
  /** The site being served; undefined when the server serves no site. */
  site: () => LiveSite | undefined;
  /** Push each published commit to the checkout's `origin` (CONTENT_GIT_PUSH). */
  push?: boolean;
  /** The build command; `npm run build` unless a test says otherwise. */
  buildCommand?: readonly string[];
  /** Tells the other instances a release is served (a Redis notice). */
  notify?: (release: string) => Promise<void>;
}

export interface Publisher {
  status(): Promise<PublishStatus>;
  /** Starts a build of the drafts, committed in the person's name when given; false when one is running already. */
  start(job: PublishJob, author?: Author): boolean;
  /** The folder of the last preview build, if any. */
  previewDir(): string | undefined;
  /** The folder of the last published build, to serve after a restart. */
  publishedSiteDir(): Promise<string | undefined>;
  /** Resolves when no build is running. */
  idle(): Promise<void>;
  /** Called at start, before any edit: starts the content's history where there is none, and finishes or undoes a publish a crash cut short. */
  prepare(): Promise<void>;
}

/** The release record: which release is served, and from which commit. */
export interface Current {
  /** The release's folder name under the releases folder (its pages are in `client/`). */
  release: string;
  /** The pages' folder as the publishing instance saw it (older records have only this). */
  dir: string;
  commit: string;
  at: string;
  durationMs: number;
}

interface Journal {
  release: string;
  /** The snapshot's commit; equal to parent when there was nothing to commit. */
  commit: string;
  parent: string;
  /** The paths the snapshot took from the drafts. */
  paths: string[];
  at: string;
  started: number;
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
  // A content file as the schema check names it (not a source file such as app/data/legal.ts in a warning).
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

/** Writes a file so that a crash leaves the old contents or the new, never a part: a new file, flushed, renamed over the old one. */
export async function writeDurably(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, "w", 0o600);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDir(path.dirname(file));
}

async function syncDir(dir: string) {
  const handle = await open(dir, "r").catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot flush a folder; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** The release record in a releases folder, if any. */
export async function readCurrent(releasesDir: string): Promise<Current | undefined> {
  const current = await readJson<Partial<Current>>(path.join(releasesDir, CURRENT_FILE));
  if (!current?.dir && !current?.release) return undefined;
  const release = current.release ?? path.basename(path.dirname(current.dir!));
  return { ...current, release, dir: current.dir ?? path.join(releasesDir, release, "client") } as Current;
}

/** The served pages' folder of a release record, resolved in this instance's releases folder (a shared folder may be mounted elsewhere on each machine). */
export const releaseSiteDir = (releasesDir: string, current: Current) => path.join(releasesDir, current.release, "client");

/**
 * The site folder of the release current.json names, if one can be served: a release built before
 * the build listed its pages (contract/built-pages.ts) cannot, so after such an upgrade the deployed
 * build is served until the next publish.
 */
export async function servableRelease(releasesDir: string): Promise<string | undefined> {
  const current = await readCurrent(releasesDir);
  const dir = current && releaseSiteDir(releasesDir, current);
  return dir && existsSync(path.join(dir, builtPagesFile)) ? dir : undefined;
}

export function createPublisher(options: PublisherOptions): Publisher {
  const { sourceDir, releasesDir, author, log } = options;
  const git = checkoutGit(sourceDir, {
    ...process.env,
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  });
  const step = async (name: PublishStep) => {
    await publishFaults.at?.(name);
  };
  const journalFile = path.join(releasesDir, JOURNAL_FILE);
  const scratchDir = path.join(releasesDir, SCRATCH_DIR);

  let running: Promise<void> | undefined;
  let job: PublishJob | undefined;
  let preview: { dir: string; at: string } | undefined;
  let error: PublishStatus["error"];
  /** The build folder in use, which pruning must leave. */
  let building: string | undefined;

  /** Without a repository the content's history is kept in one made here, once, before the first edit. */
  let repository: Promise<void> | undefined;
  const ensureRepository = () =>
    (repository ??= (async () => {
      if (existsSync(path.join(sourceDir, ".git"))) return;
      await git(["init", "--quiet"]);
      await git(["add", "--all"]);
      await git(["commit", "--quiet", "--allow-empty", "-m", "Site history begins: the content as it was before the editor"]);
      log.info({ sourceDir }, "content history: started a git repository");
    })());

  /** The changed files under the published folders, as `git status` lists them. */
  const changedFiles = async (): Promise<string[]> => {
    await ensureRepository();
    // NUL-separated and untrimmed: each entry is "XY path" (a rename adds its old path as the next entry).
    const entries = (await git(["status", "--porcelain", "-z", "--untracked-files=all", "--", ...PUBLISHED_PATHS])).split("\0");
    const files: string[] = [];
    for (let index = 0; index < entries.length; index += 1) {
      const entry = entries[index]!;
      if (entry.length <= 3) continue;
      files.push(entry.slice(3));
      if (entry[0] === "R" || entry[0] === "C") files.push(entries[(index += 1)] ?? "");
    }
    return files.filter(Boolean);
  };

  /** The drafts a publish takes: never a dot-named path or a nested repository. */
  const drafts = async ({ quiet = false } = {}): Promise<string[]> => {
    const files = await changedFiles();
    const refused = files.filter((file) => !publishablePath(file, PUBLISHED_PATHS));
    if (refused.length > 0 && !quiet) log.warn({ refused }, "content: paths that are never published were left out");
    return files.filter((file) => publishablePath(file, PUBLISHED_PATHS));
  };

  /** The drafts as they are now, as a tree (and a commit on top of HEAD when there is a change), in a scratch index: the checkout's own index is not touched. */
  const snapshot = async (id: string, author?: Author) => {
    await mkdir(scratchDir, { recursive: true });
    const parent = (await git(["rev-parse", "--verify", "HEAD"])).trim();
    const paths = await drafts();
    const index = { GIT_INDEX_FILE: path.join(scratchDir, `index-${id}`) };
    await git(["read-tree", parent], { env: index });
    if (paths.length > 0) await git(["add", "--all", "--", ...paths], { env: index });
    const tree = (await git(["write-tree"], { env: index })).trim();
    const commit =
      paths.length > 0
        ? // The person who published is the commit's author; the server stays its committer.
          (await git(["commit-tree", tree, "-p", parent, "-m", `Content: ${paths.length === 1 ? paths[0] : `${paths.length} files`}`, "-m", paths.join("\n")], { env: author ? { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email } : {} })).trim()
        : parent;
    return { parent, paths, tree, commit, index };
  };

  /** Writes the snapshot's files into the build folder (the whole tree: code as committed, content as snapshotted). */
  const exportSnapshot = (index: { GIT_INDEX_FILE: string }, buildDir: string) => exportIndex(git, index.GIT_INDEX_FILE, buildDir);

  const build = async (buildDir: string, commit: string) => {
    const [command, ...args] = options.buildCommand ?? ["npm", "run", "build"];
    return run(command!, args, {
      cwd: buildDir,
      // Only what the build reads: the server's secrets stay with the server.
      env: buildEnvironment(process.env, {
        SITE_BUILD_DIR: path.join(buildDir, "build"),
        // The sitemap's dates come from the history up to the snapshot's commit.
        SITE_GIT_DIR: path.join(sourceDir, ".git"),
        SITE_GIT_REVISION: commit,
      }),
    });
  };

  /** The index takes the commit's entries for the snapshot's paths: what was published is no longer a draft, what was saved since still is. */
  const syncIndex = async (commit: string, paths: readonly string[]) => {
    if (paths.length === 0) return;
    const listed = (await git(["ls-tree", "-z", "--full-tree", commit, "--", ...paths])).split("\0").filter(Boolean);
    const found = new Map(listed.map((line) => [line.slice(line.indexOf("\t") + 1), line.slice(0, line.indexOf("\t")).split(" ")]));
    const lines = paths.map((file) => {
      const entry = found.get(file);
      return entry ? `${entry[0]} ${entry[2]}\t${file}` : `0 ${"0".repeat(commit.length)}\t${file}`;
    });
    await git(["update-index", "-z", "--index-info"], { input: lines.map((line) => `${line}\0`).join("") });
    // Keeps each file's stat data, so a status does not hash them all again.
    await git(["update-index", "-q", "--refresh"]).catch(() => undefined);
  };

  const record = (journal: Journal, commit: string): Current => ({
    release: journal.release,
    dir: path.join(releasesDir, journal.release, "client"),
    commit,
    at: new Date().toISOString(),
    durationMs: Date.now() - journal.started,
  });

  /** Removes the builds no one serves or previews any more, keeping the last two releases (the one before is a quick rollback). */
  const prune = async () => {
    const current = await readCurrent(releasesDir);
    const keep = new Set<string>();
    for (const dir of [options.site()?.siteDir, preview?.dir, current && releaseSiteDir(releasesDir, current), building]) {
      if (dir?.startsWith(releasesDir + path.sep)) keep.add(path.relative(releasesDir, dir).split(path.sep)[0]!);
    }
    const entries = await readdir(releasesDir, { withFileTypes: true });
    const names = entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith(".")).map((entry) => entry.name).sort();
    for (const name of names.filter((item) => item.startsWith("release-")).slice(-2)) keep.add(name);
    for (const name of names) if (!keep.has(name)) await rm(path.join(releasesDir, name), { recursive: true, force: true });
  };

  /** After a crash: a publish whose commit is on the branch is finished (served); any other is undone, its drafts left as drafts. */
  const reconcile = async () => {
    const journal = await readJson<Journal>(journalFile);
    if (journal) await settle(journal);
    // Build folders and scratch indexes a stop left behind.
    for (const entry of await readdir(releasesDir)) {
      if (entry.startsWith("build-")) await rm(path.join(releasesDir, entry), { recursive: true, force: true });
    }
    await rm(scratchDir, { recursive: true, force: true });
  };

  const settle = async (journal: Journal) => {
    const head = (await git(["rev-parse", "--verify", "HEAD"])).trim();
    const releaseDir = path.join(releasesDir, journal.release);
    if (journal.commit !== journal.parent && head === journal.commit && existsSync(path.join(releaseDir, "client"))) {
      await syncIndex(journal.commit, journal.paths);
      const current = await readCurrent(releasesDir);
      if (current?.release !== journal.release) await writeDurably(path.join(releasesDir, CURRENT_FILE), JSON.stringify(record(journal, (await git(["rev-parse", "--short", journal.commit])).trim())));
      log.warn({ release: journal.release, commit: journal.commit }, "content: finished a publish a stop had cut short (committed, now served)");
    } else {
      if ((await readCurrent(releasesDir))?.release !== journal.release) await rm(releaseDir, { recursive: true, force: true });
      log.warn({ release: journal.release }, "content: undid a publish a stop had cut short (the site and the drafts are as they were)");
    }
    await rm(journalFile, { force: true });
  };

  const work = async (kind: PublishJob, author?: Author) => {
    const started = Date.now();
    const at = new Date(started).toISOString();
    const id = at.replace(/[:.]/g, "-");
    const release = `${kind === "publish" ? "release" : "preview"}-${id}`;
    const releaseDir = path.join(releasesDir, release);
    const buildDir = path.join(releasesDir, `build-${id}`);
    let journal: Journal | undefined;
    let committed = false;
    let served = false;
    let lock: PublishLock | undefined;
    let crashed = false;
    try {
      await mkdir(releasesDir, { recursive: true });
      try {
        lock = await acquirePublishLock(releasesDir);
      } catch (caught) {
        if (!(caught instanceof PublishLockHeld)) throw caught;
        // Nothing of ours was started, and nothing of the other's is touched.
        error = { job: kind, at, message: caught.message };
        log.warn({ job: kind, holder: caught.holder }, "content: another process is publishing into the releases folder; this build was not started");
        return;
      }
      // A journal left by a crash is settled before anything else.
      await reconcile();
      const snap = await snapshot(id, author);
      await step("snapshot");
      if (kind === "publish") {
        journal = { release, commit: snap.commit, parent: snap.parent, paths: snap.paths, at, started };
        await writeDurably(journalFile, JSON.stringify(journal));
      }
      await step("journal");
      building = buildDir;
      await exportSnapshot(snap.index, buildDir);
      await step("export");
      const result = await build(buildDir, snap.commit);
      await step("build");
      if (result.code !== 0) {
        // The site stays as it is; the owner's edits stay as drafts, out of the history.
        await undo();
        error = { job: kind, at, message: buildErrorMessage(result.output) };
        log.warn({ job: kind, error: error.message }, "content build failed: the site is unchanged");
        return;
      }
      await rename(path.join(buildDir, "build"), releaseDir);
      await rm(buildDir, { recursive: true, force: true });
      building = undefined;
      await step("built");
      const siteDir = path.join(releaseDir, "client");
      // Read and checked before anything is committed: a build that cannot be served is refused here.
      const serve = (await options.site()?.load(siteDir)) ?? (() => undefined);
      await step("loaded");
      if (kind === "preview") {
        preview = { dir: siteDir, at };
        error = undefined;
        await prune();
        return;
      }
      // The commit point: the branch moves to the snapshot's commit, unless the history moved meanwhile.
      if (snap.commit !== snap.parent) await git(["update-ref", "-m", "content: publish", "HEAD", snap.commit, snap.parent]);
      committed = true;
      await step("commit");
      await syncIndex(snap.commit, snap.paths);
      await step("index");
      const current = record(journal!, (await git(["rev-parse", "--short", snap.commit])).trim());
      await writeDurably(path.join(releasesDir, CURRENT_FILE), JSON.stringify(current));
      served = true;
      await step("pointer");
      serve();
      preview = undefined;
      error = undefined;
      log.info({ commit: current.commit, release, ms: current.durationMs }, "content published");
      await step("served");
      await options.notify?.(release).catch((caught: Error) => log.warn({ err: caught }, "content: could not tell the other instances; they find the release within seconds"));
      await step("notified");
      await rm(journalFile, { force: true });
      await step("recorded");
      if (options.push) {
        // Published here already; a push that fails is told, and tried again by the next publish.
        await git(["push", "--quiet", "origin", "HEAD"]).catch((caught: Error) => {
          error = { job: kind, at, message: `Published here, but not pushed to the repository: ${caught.message}` };
          log.warn({ err: caught }, "content push failed");
        });
      }
      await prune();
      await step("pruned");
    } catch (caught) {
      if (caught instanceof SimulatedCrash) {
        crashed = true;
        return;
      }
      if (served) {
        // The new site is served and committed: only the tidying after it failed.
        error = { job: kind, at, message: `Published, but tidying up after it failed: ${(caught as Error).message}` };
        log.error({ job: kind, err: caught }, "content: published; clean-up failed");
      } else if (committed) {
        // Committed, not yet recorded: finish it as a restart would.
        error = { job: kind, at, message: `Published in the history, but recording it failed: ${(caught as Error).message}` };
        log.error({ job: kind, err: caught }, "content: committed; recording the release failed");
        await reconcile().catch((again: Error) => log.error({ err: again }, "content: the release will be recorded at the next start"));
      } else {
        await undo().catch(() => undefined);
        error = { job: kind, at, message: (caught as Error).message };
        log.error({ job: kind, err: caught }, "content build failed: the site is unchanged");
      }
    } finally {
      building = undefined;
      // A kill leaves its lock file behind; the next start finds its pid gone and takes it over.
      if (crashed) lock?.abandon();
      else await lock?.release().catch((caught: Error) => log.error({ err: caught }, "content: could not remove the publishing lock; it is taken over once this process has exited"));
    }

    async function undo() {
      await rm(buildDir, { recursive: true, force: true });
      if ((await readCurrent(releasesDir))?.release !== release) await rm(releaseDir, { recursive: true, force: true });
      await rm(journalFile, { force: true });
      await rm(scratchDir, { recursive: true, force: true });
    }
  };

  return {
    async status() {
      const current = await readCurrent(releasesDir);
      return {
        enabled: true,
        state: running ? "building" : "idle",
        job,
        drafts: await drafts({ quiet: true }),
        published: current ? { commit: current.commit, at: current.at, durationMs: current.durationMs } : undefined,
        preview: preview ? { at: preview.at } : undefined,
        error,
      };
    },
    start(kind, author) {
      if (running) return false;
      job = kind;
      running = work(kind, author).finally(() => {
        running = undefined;
      });
      return true;
    },
    previewDir: () => preview?.dir,
    publishedSiteDir: () => servableRelease(releasesDir),
    async prepare() {
      await ensureRepository();
      if (!existsSync(releasesDir)) return;
      let lock: PublishLock;
      try {
        lock = await acquirePublishLock(releasesDir);
      } catch (caught) {
        if (!(caught instanceof PublishLockHeld)) throw caught;
        // Its journal and build folder are its own: it settles them, or the first publish after it has gone does.
        log.warn({ holder: caught.holder }, "content: another process is publishing into the releases folder; its publish is left to it");
        return;
      }
      try {
        await reconcile();
      } finally {
        await lock.release();
      }
    },
    idle: async () => {
      await running;
    },
  };
}
