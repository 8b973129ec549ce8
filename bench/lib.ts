// Shared by every bench part: child processes on loopback ports, tables, results.
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const benchDir = path.join(root, "bench");
export const tmpDir = path.join(benchDir, ".tmp");
export const resultsDir = path.join(benchDir, "results");

/** This helper's loopback ports (4300–4349): one per kind of process, so parts never collide. */
export const ports = { site: 4300, nginx: 4302, https: 4303, api: 4304, redirect: 4305, screenshots: 4306, hostile: 4307, analytics: 4310, firstTap: 4311, vitals: 4312 } as const;

export const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(`--${name}`);
export function option(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** True when the module is the entry point (`node --import tsx bench/x.ts`). */
export function isMain(importMetaUrl: string): boolean {
  return process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === importMetaUrl;
}

// A time already past is no wait (Node warns of a negative delay).
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Polls a URL until it answers (any status), at most `tries` times. */
export async function waitForUrl(url: string, tries = 60): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`${url} did not answer`);
}

/** Polls a TCP port until it accepts a connection (for HTTPS with a certificate this process does not trust). */
export async function waitForPort(port: number, host = "127.0.0.1", tries = 60): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await sleep(250);
  }
  throw new Error(`nothing listens on ${host}:${port}`);
}

export interface Child {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Every child still running: killed if the bench itself exits early (an error, a closed pipe). */
const running = new Set<ChildProcess>();
process.once("SIGINT", () => process.exit(130));
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts a child process, keeping its output for error messages; stop() ends exactly that process. */
export function startChild(command: string, commandArgs: string[], env: Record<string, string> = {}, cwd = root): Child {
  const child = spawn(command, commandArgs, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  child.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  return {
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Our real server (server/main.ts) on a loopback port, serving the given build. */
export async function startSiteServer(port: number, env: Record<string, string> = {}): Promise<Child> {
  // A leftover process on the port would be measured instead of this build.
  const taken = await waitForPort(port, "127.0.0.1", 1).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: stop whatever listens there first`);
  const child = startChild("node", ["--import", "tsx", "server/main.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: path.join(tmpDir, `data-${port}`),
    // Every simulated client comes from 127.0.0.1: the per-address connection cap
    // (100) would refuse a 100-connection load and its page sampler. The hostile
    // part, which measures the cap, sets its own.
    CONNECTIONS_PER_ADDRESS_MAX: "0",
    ...env,
  });
  try {
    if (env.TLS_CERT) await waitForPort(port);
    else await waitForUrl(`http://127.0.0.1:${port}/healthz`);
  } catch (error) {
    await child.stop();
    throw new Error(`server on ${port} did not start: ${(error as Error).message}\n${child.output()}`, { cause: error });
  }
  return child;
}

export type Row = Record<string, string | number>;

/** Prints rows as an aligned text table (also valid Markdown). */
export function formatTable(title: string, rows: Row[]): string {
  if (rows.length === 0) return `${title}\n(no rows)\n`;
  const columns = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? "")));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((line) => (line[index] ?? "").length)));
  const line = (values: string[]) => `| ${values.map((value, index) => value.padEnd(widths[index] ?? 0)).join(" | ")} |`;
  return [`${title}`, "", line(columns), `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`, ...cells.map(line), ""].join("\n");
}

/** The machine's state, printed under each table: timings mean little on a busy machine. */
export function machineLine(): string {
  const [one, five] = loadavg();
  return `machine: ${cpus().length} CPUs, load average ${one?.toFixed(1)} (1 min) / ${five?.toFixed(1)} (5 min)`;
}

export function report(part: string, title: string, rows: Row[], extra: Record<string, unknown> = {}) {
  console.log(formatTable(title, rows));
  console.log(machineLine());
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${part}.json`);
  writeFileSync(file, `${JSON.stringify({ part, title, date: new Date().toISOString(), machine: machineLine(), rows, ...extra }, null, 2)}\n`);
  console.log(`→ ${path.relative(root, file)}\n`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
