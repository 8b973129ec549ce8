// Crash test for the lead store: runs the real server, sends enquiries (JSON)
// and newsletter sign-ups (multipart, as the site's form does) from several
// clients at once, kills the server with SIGKILL and restarts it N times, then
// checks in the SQLite file that every acknowledged (200) lead is stored
// exactly once, each with exactly one outbox row for its email (written in the
// lead's transaction, so a crash keeps both or neither).
//
//   node --import tsx bench/crash-test.ts --restarts 50 [--clients 6] [--port 4250] [--json FILE]
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { makeSite } from "../server/app.test-support";
import { newsletterRequest } from "./api";

const { values } = parseArgs({
  options: {
    restarts: { type: "string", default: "50" },
    clients: { type: "string", default: "6" },
    port: { type: "string" },
    /** How long the server runs under load between two kills, at most (ms). */
    "max-uptime": { type: "string", default: "600" },
    /** Also write the figures here, as JSON (bench/crash.ts reads them). */
    json: { type: "string" },
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
      // A script's posts, counted as stored leads with their outbox rows: nothing held as spam.
      SPAM_FILTER: "off",
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

type LeadKind = "enquiry" | "sign-up";
interface Lead {
  kind: LeadKind;
  key: string;
  email: string;
}
/** By idempotency key. A sign-up's answer carries no subscriber id (it would tell whether an address is known). */
const acknowledged = new Map<string, { kind: LeadKind; email: string; id: string }>();
let sent = 0;
let attempts = 0;
/** Leads that needed more than one attempt: in flight when the server was killed. */
let retriedThenAcknowledged = 0;
let running = true;

function request(lead: Lead): { body: string; headers: Record<string, string> } {
  if (lead.kind === "sign-up") return newsletterRequest(lead.email, lead.key);
  return {
    headers: { "content-type": "application/json", "idempotency-key": lead.key },
    body: JSON.stringify({ name: "Crash Test", email: lead.email, salutation: "Other", sector: "Construction", message: "durability" }),
  };
}

/** Sends one lead, retrying the same request (same key) for up to a minute while the server is down. */
async function submit(lead: Lead): Promise<void> {
  const { body, headers } = request(lead);
  for (let attempt = 0; attempt < 600; attempt++) {
    attempts++;
    try {
      const response = await fetch(`${base}/api/contactus`, { method: "POST", headers, body, signal: AbortSignal.timeout(5000) });
      if (response.status === 200) {
        const answer = (await response.json()) as { data: { id: string } };
        acknowledged.set(lead.key, { kind: lead.kind, email: lead.email, id: answer.data.id });
        if (attempt > 0) retriedThenAcknowledged++;
        return;
      }
      throw new Error(`unexpected status ${response.status}`);
    } catch {
      await sleep(100);
    }
  }
}

/** Even-numbered clients send enquiries, odd-numbered ones newsletter sign-ups. */
async function client(index: number) {
  const kind: LeadKind = index % 2 === 0 ? "enquiry" : "sign-up";
  let n = 0;
  while (running) {
    sent++;
    await submit({ kind, key: randomUUID(), email: `c${index}-${n++}-${randomUUID().slice(0, 8)}@crash.example` });
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

interface Stored {
  id: string;
  email: string;
  /** Its outbox rows for the email a new lead causes (the team's notification, the confirmation). */
  deliveries: number;
}
const db = new Database(path.join(dataDir, "leads.db"), { readonly: true });
const storedOf = (table: "enquiries" | "subscribers", topic: string): Stored[] => {
  // Counted in one pass, not by a lookup per lead (tens of thousands of them after a long run).
  const counts = db.prepare("select lead_id, count(*) as n from outbox where topic = ? group by lead_id").all(topic) as { lead_id: string; n: number }[];
  const deliveries = new Map(counts.map(({ lead_id, n }) => [lead_id, n]));
  const leads = db.prepare(`select id, email from ${table}`).all() as { id: string; email: string }[];
  return leads.map((lead) => ({ ...lead, deliveries: deliveries.get(lead.id) ?? 0 }));
};
const stored: Record<LeadKind, Stored[]> = { enquiry: storedOf("enquiries", "team-notification"), "sign-up": storedOf("subscribers", "confirm-subscription") };
db.close();

let lost = 0;
let wrongId = 0;
let duplicated = 0;
let storedNotAcknowledged = 0;
let withoutDelivery = 0;
let deliveryDuplicated = 0;
for (const kind of ["enquiry", "sign-up"] as const) {
  const byEmail = new Map<string, Stored[]>();
  for (const row of stored[kind]) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
  const acked = [...acknowledged.values()].filter((lead) => lead.kind === kind);
  for (const { email, id } of acked) {
    const rows = byEmail.get(email) ?? [];
    if (rows.length === 0) lost++;
    // Only an enquiry's answer names the stored row.
    else if (kind === "enquiry" && !rows.some((row) => row.id === id)) wrongId++;
  }
  duplicated += [...byEmail.values()].filter((list) => list.length > 1).length;
  const ackedEmails = new Set(acked.map(({ email }) => email));
  storedNotAcknowledged += stored[kind].filter((row) => !ackedEmails.has(row.email)).length;
  withoutDelivery += stored[kind].filter((row) => row.deliveries === 0).length;
  deliveryDuplicated += stored[kind].filter((row) => row.deliveries > 1).length;
}
const count = (kind: LeadKind) => [...acknowledged.values()].filter((lead) => lead.kind === kind).length;

const table = {
  restarts,
  clients,
  sent,
  "requests (with retries)": attempts,
  acknowledged: acknowledged.size,
  "acknowledged enquiries / sign-ups": `${count("enquiry")} / ${count("sign-up")}`,
  "acknowledged after a retry": retriedThenAcknowledged,
  stored: stored.enquiry.length + stored["sign-up"].length,
  lost,
  duplicated,
  "acknowledged with another id": wrongId,
  "stored, never acknowledged": storedNotAcknowledged,
  "stored without its email in the outbox": withoutDelivery,
  "stored with its email twice in the outbox": deliveryDuplicated,
  seconds: Math.round((Date.now() - started) / 1000),
};
console.table(table);
if (values.json) await writeFile(values.json, `${JSON.stringify(table, null, 2)}\n`);
await rm(work, { recursive: true, force: true });
process.exit(lost === 0 && duplicated === 0 && wrongId === 0 && withoutDelivery === 0 && deliveryDuplicated === 0 ? 0 : 1);
