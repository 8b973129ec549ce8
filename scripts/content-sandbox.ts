// A throw-away copy of this repository with the content editor on, for the
// browser test and the publish benchmark: the server under test edits, commits
// and builds the copy, never the checkout it was started from.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { teamEndpoints } from "../contract/team";
import { runOwnersCli } from "../server/owners-cli";

const root = path.resolve(import.meta.dirname, "..");

export interface ContentSandbox {
  dir: string;
  baseURL: string;
  password: string;
  server: ChildProcess;
  /** A session of the sandbox's editor (the role that publishes, with no second factor to ask). */
  editorCookie(): Promise<string>;
  /** Stops the server and removes the copy. */
  close(): Promise<void>;
}

/** Who publishes in the sandboxes and the drills: an editor. */
export const SANDBOX_EDITOR = { email: "editor@sandbox.example", name: "Sandbox editor", password: "sandbox editor password" } as const;

const cookieOf = (response: Response) => (response.headers.get("set-cookie") ?? "").split(";")[0]!;

/**
 * The editor's session on a server whose store is in `dataDir`: signed in with
 * their password, or, the first time, invited from the command line (as an
 * owner would: npm run owners) and joined through the invitation's API.
 */
export async function editorCookie(baseURL: string, dataDir: string): Promise<string> {
  const post = (pathname: string, body: object) => fetch(`${baseURL}${pathname}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const signIn = await post("/api/admin/session", { email: SANDBOX_EDITOR.email, password: SANDBOX_EDITOR.password });
  if (signIn.ok) return cookieOf(signIn);
  let link = "";
  const code = await runOwnersCli(["invite", "--email", SANDBOX_EDITOR.email, "--role", "editor"], { out: (text) => (link += text), err: () => undefined, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined } });
  if (code !== 0) throw new Error("the sandbox's editor could not be invited");
  const joined = await post(teamEndpoints.inviteLookup, { token: link.trim().split("#invite=")[1], name: SANDBOX_EDITOR.name, password: SANDBOX_EDITOR.password });
  if (!joined.ok) throw new Error(`the sandbox's editor could not join: HTTP ${joined.status}`);
  return cookieOf(joined);
}

function must(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * Copies the repository's files (tracked and new, not ignored ones), links
 * node_modules, starts a git history, builds the site and (unless told not to)
 * the editor. With `deployedBuild`, the copy is served the checkout's own build
 * where there is one, as a deployment serves the build of its checkout: the
 * browser tests build the site just before, and a second build of the same
 * files cost their run a site build's time.
 */
export function makeSandboxCopy({ editor = true, deployedBuild = false }: { editor?: boolean; deployedBuild?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "content-sandbox-"));
  const files = must("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], root).split("\0").filter(Boolean);
  for (const file of files) {
    const from = path.join(root, file);
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      copyFileSync(from, to);
    } catch (error) {
      // A file deleted in the work tree but still tracked is simply not copied.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const who = { GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@localhost", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@localhost" };
  must("git", ["init", "--quiet"], dir);
  must("git", ["add", "--all"], dir);
  must("git", ["commit", "--quiet", "-m", "Sandbox copy"], dir, { ...process.env, ...who });
  const built = path.join(root, "build", "client");
  if (deployedBuild && existsSync(path.join(built, ".pages.json"))) cpSync(built, path.join(dir, "build", "client"), { recursive: true });
  else must("npm", ["run", "build"], dir);
  if (editor) must("npm", ["run", "build:editor"], dir);
  return dir;
}

async function waitForHealth(baseURL: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the sandbox server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the sandbox server did not answer within ${timeoutMs} ms`);
}

export async function startContentSandbox({ port, password = "sandbox-admin-password", deployedBuild = false }: { port: number; password?: string; deployedBuild?: boolean }): Promise<ContentSandbox> {
  const dir = makeSandboxCopy({ deployedBuild });
  // localhost, not 127.0.0.1: the owner signs in with a passkey, bound to a domain.
  const baseURL = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: dir,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, "data"),
      SITE_DIR: path.join(dir, "build", "client"),
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: password,
      ADMIN_SIGNIN_MAX: "1000",
      CONTENT_EDITOR: "on",
      SITE_SOURCE_DIR: dir,
      PUBLIC_SITE_URL: baseURL,
      ANALYTICS: "off",
    },
  });
  await waitForHealth(baseURL, server, 60_000);
  return {
    dir,
    baseURL,
    password,
    server,
    editorCookie: () => editorCookie(baseURL, path.join(dir, "data")),
    async close() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
