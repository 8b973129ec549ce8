// Crash test for the lead store: runs the real server, sends enquiries from
// several clients at once, kills the server with SIGKILL and restarts it N
// times, then checks in the SQLite file that every acknowledged (200) lead is
// stored exactly once.
//
//   node --import tsx bench/crash-test.ts --restarts 50 [--clients 6] [--port 4250]
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { makeSite } from "../server/testing";

const { values } = parseArgs({
  options: {
    restarts: { type: "string", default: "50" },
    clients: { type: "string", default: "6" },
    port: { type: "string" },
    /** How long the server runs under load between two kills, at most (ms). */
    "max-uptime": { type: "string", default: "600" },
  },
});
const restarts = Number(values.restarts);
const clients = Number(values.clients);
const maxUptime = Number(values["max-uptime"]);
if (!Number.isInteger(restarts) || restarts < 0 || !Number.isInteger(clients) || clients < 1) {
  console.error("Usage: node --import tsx bench/crash-test.ts --restarts N [--clients N] [--port P] [--max-uptime MS]");
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, "..");
const work = await mkdtemp(path.join(tmpdir(), "crash-test-"));
const dataDir = path.join(work, "data");
const siteDir = path.join(work, "site");
await makeSite(siteDir);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer().once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
async function pickPort(): Promise<number> {
  if (values.port) return Number(values.port);
  for (let port = 4250; port < 4300; port++) if (await portIsFree(port)) return port;
  throw new Error("no free port in 4250–4299");
}
const port = await pickPort();
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: ChildProcess | undefined;
async function startServer() {
  server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      LOG_LEVEL: "error",
      // The test measures durability, not abuse defences: lift them by configuration.
      RATE_LIMIT_MAX: "100000000",
      MIN_SUBMIT_MS: "0",
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  });
  for (let waited = 0; waited < 30_000; waited += 50) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error("the server did not start within 30 s");
}
async function killServer() {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

interface Lead {
  key: string;
  email: string;
}
const acknowledged = new Map<string, { email: string; id: string }>();
let sent = 0;
let attempts = 0;
/** Leads that needed more than one attempt: in flight when the server was killed. */
let retriedThenAcknowledged = 0;
let running = true;

/** Sends one lead, retrying with the same key (for up to a minute) while the server is down. */
async function submit(lead: Lead): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    attempts++;
    try {
      const response = await fetch(`${base}/api/contactus`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": lead.key },
        body: JSON.stringify({ name: "Crash Test", email: lead.email, salutation: "Other", sector: "Construction", message: "durability" }),
        signal: AbortSignal.timeout(5000),
      });
      if (response.status === 200) {
        const body = (await response.json()) as { data: { id: string } };
        acknowledged.set(lead.key, { email: lead.email, id: body.data.id });
        if (attempt > 0) retriedThenAcknowledged++;
        return;
      }
      throw new Error(`unexpected status ${response.status}`);
    } catch {
      await sleep(100);
    }
  }
}

async function client(index: number) {
  let n = 0;
  while (running) {
    sent++;
    await submit({ key: randomUUID(), email: `c${index}-${n++}-${randomUUID().slice(0, 8)}@crash.example` });
  }
}

const started = Date.now();
await startServer();
const load = Array.from({ length: clients }, (_, index) => client(index));
for (let round = 1; round <= restarts; round++) {
  await sleep(50 + Math.random() * (maxUptime - 50));
  await killServer();
  await startServer();
  if (round % 10 === 0) console.error(`… ${round}/${restarts} restarts, ${acknowledged.size} acknowledged`);
}
// Stop sending new leads; those in flight finish (the server stays up), then the last kill.
running = false;
await Promise.all(load);
await killServer();

const db = new Database(path.join(dataDir, "leads.db"), { readonly: true });
const rows = db.prepare("select id, email, idempotency_key from enquiries").all() as { id: string; email: string; idempotency_key: string }[];
db.close();
const byEmail = new Map<string, { id: string }[]>();
for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
let lost = 0;
let wrongId = 0;
for (const { email, id } of acknowledged.values()) {
  const stored = byEmail.get(email) ?? [];
  if (stored.length === 0) lost++;
  else if (!stored.some((row) => row.id === id)) wrongId++;
}
const duplicated = [...byEmail.values()].filter((list) => list.length > 1).length;
const ackedEmails = new Set([...acknowledged.values()].map(({ email }) => email));
const storedNotAcknowledged = rows.filter((row) => !ackedEmails.has(row.email)).length;

const table = {
  restarts,
  clients,
  sent,
  "requests (with retries)": attempts,
  acknowledged: acknowledged.size,
  "acknowledged after a retry": retriedThenAcknowledged,
  stored: rows.length,
  lost,
  duplicated,
  "acknowledged with another id": wrongId,
  "stored, never acknowledged": storedNotAcknowledged,
  "seconds": Math.round((Date.now() - started) / 1000),
};
console.table(table);
await rm(work, { recursive: true, force: true });
process.exit(lost === 0 && duplicated === 0 && wrongId === 0 ? 0 : 1);
