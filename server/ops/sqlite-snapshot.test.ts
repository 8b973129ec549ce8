import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../store/database";
import { snapshotSqlite, type Snapshot } from "./sqlite-snapshot";

// The backup thread is a TypeScript file loaded by URL. It must load here
// (Vitest), and in each way the server is run for real: `npm start`
// (scripts/start.mjs registers tsx on the main thread only, so the thread
// relies on Node's own type stripping) and the systemd units
// (`node --import tsx server/main.ts`, whose loader the thread inherits).

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
let dir: string;
let live: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "sqlite-snapshot-"));
  const { db } = await openDatabase({ dataDir: dir });
  await db.destroy();
  live = path.join(dir, "leads.db");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function expectACopyOfTheStore(snapshot: Snapshot, copy: string) {
  expect(snapshot.counts).toEqual({ enquiries: 0, subscribers: 0, outbox: { pending: 0, sent: 0, failed: 0 }, deliveryAttempts: 0 });
  expect(snapshot.migrations[0]).toBe("0001-leads");
  expect(snapshot.migrations).toContain("0010-webhook-url-out-of-outbox");
  expect(snapshot.pages).toBeGreaterThan(0);
  expect(snapshot.sha256).toBe(createHash("sha256").update(await readFile(copy)).digest("hex"));
}

/** Runs a snapshot in a new node process started with `args`, and returns what it printed. */
async function snapshotInProcess(args: string[], copy: string, mode: string[] = []): Promise<Snapshot> {
  const script = path.join(root, "server/ops/snapshot-process.test-support.ts");
  const { stdout } = await run(process.execPath, [...args, script, live, copy, ...mode], { cwd: root, env: { ...process.env, NODE_OPTIONS: "" } });
  return JSON.parse(stdout) as Snapshot;
}

describe("the SQLite backup thread", () => {
  it("copies the store and describes the copy under Vitest", async () => {
    const copy = path.join(dir, "vitest.db");
    await expectACopyOfTheStore(await snapshotSqlite(live, copy), copy);
  });

  it("loads as `npm start` runs the server: tsx registered on the main thread only", async () => {
    const copy = path.join(dir, "npm-start.db");
    await expectACopyOfTheStore(await snapshotInProcess([], copy, ["--register-tsx"]), copy);
  });

  it("loads as the systemd units run the server: node --import tsx", async () => {
    const copy = path.join(dir, "systemd.db");
    await expectACopyOfTheStore(await snapshotInProcess(["--import", "tsx"], copy), copy);
  });

  it("names the failure when the store cannot be read", async () => {
    await expect(snapshotSqlite(path.join(dir, "missing.db"), path.join(dir, "never.db"))).rejects.toThrow(/SQLite backup failed: .+/);
  });
});
