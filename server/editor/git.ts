import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";

// git for the content editor's publishing, run on a checkout the owner edits
// through the web. Every command of this process in one checkout waits its
// turn in one queue: `git status` refreshes the index and takes its lock, so a
// status poll meeting a publish's `git add` made one of them fail. Read-only
// commands also run with GIT_OPTIONAL_LOCKS=0, so they take no lock at all
// (a bench or a developer's own git beside the server then cannot meet them).
// Hooks and fsmonitor are off for every command: the checkout's configuration
// must not make a publish run programs.

/** The output kept of a command (its end is where the reason is). */
const OUTPUT_KEEP = 64 * 1024;

const SAFE_CONFIG = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false"] as const;

/** Commands that only read: no optional locks (the index is not refreshed on disk). */
const READ_ONLY = new Set(["status", "rev-parse", "ls-tree", "ls-files", "log", "show", "cat-file", "diff", "merge-base"]);

export interface RunResult {
  code: number;
  output: string;
  stdout: string;
}

export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    let output = "";
    let stdout = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-OUTPUT_KEEP);
    };
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      keep(chunk);
    });
    child.stderr!.on("data", keep);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output, stdout }));
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

export interface GitOptions {
  /** Extra environment for this command (GIT_INDEX_FILE for a scratch index). */
  env?: NodeJS.ProcessEnv;
  input?: string;
}

export interface Git {
  /** Runs `git <args>` in the checkout, in its turn; throws with git's message when it fails; resolves to its stdout, untrimmed. */
  (args: readonly string[], options?: GitOptions): Promise<string>;
  readonly dir: string;
}

const queues = new Map<string, Promise<unknown>>();

function queueKey(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

/** git in `dir`, every command of this process in that checkout one after another. */
export function checkoutGit(dir: string, env: NodeJS.ProcessEnv = process.env): Git {
  const key = queueKey(dir);
  const git = (args: readonly string[], options: GitOptions = {}) => {
    const readOnly = READ_ONLY.has(args[0] ?? "");
    const task = async () => {
      const result = await run("git", [...SAFE_CONFIG, ...args], {
        cwd: dir,
        input: options.input,
        env: { ...env, ...(readOnly ? { GIT_OPTIONAL_LOCKS: "0" } : {}), GIT_LITERAL_PATHSPECS: "1", GIT_TERMINAL_PROMPT: "0", ...options.env },
      });
      if (result.code !== 0) throw new Error(`git ${args[0]} failed: ${result.output.trim()}`);
      return result.stdout;
    };
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    // The queue goes on whatever this command's outcome; the last one out empties it.
    const settled = next.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  };
  return Object.assign(git, { dir });
}

/**
 * Whether a path under the published folders may be added to the history: no
 * segment starting with a dot (no `.git`, no nested repository's config, no
 * dotfile), no empty or `..` segment, and not a folder (git lists a nested
 * repository as its folder, with a trailing slash).
 */
export function publishablePath(file: string, roots: readonly string[]): boolean {
  if (file.endsWith("/") || file.includes("\\")) return false;
  if (!roots.some((root) => file.startsWith(`${root}/`))) return false;
  return file.split("/").every((segment) => segment.length > 0 && !segment.startsWith("."));
}
