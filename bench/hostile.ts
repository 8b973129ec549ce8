// Part g: hostile clients. (1) Arbitrary requests to every public endpoint, in
// process, on SQLite and PostgreSQL: 5xx answers, rows stored on a refusal, log
// lines holding typed data. (2) 1,000 slow connections against one real server
// on loopback: how many it closed, how soon, and the home page's p99 latency
// during the attack against idle. (3) Forged and replayed owner cookies accepted.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { adminEndpoints } from "../contract/admin";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT } from "../contract/newsletter";
import { SESSION_COOKIE } from "../server/admin/session";
import { hostileRequest, PERSONAL_MARKER } from "../server/api/hostile-requests";
import { postgresReachable, scratchDatabase } from "../server/store/test-databases";
import { makeSite, startTestApp } from "../server/testing";
import { isMain, ports, report, root, sleep, startSiteServer, type Row } from "./lib";

const FUZZ_CASES_PER_ENDPOINT = 300;
const SLOW_CONNECTIONS = 1000;
/** Loopback source addresses the slow clients spread over, so the per-address cap (100) lets all 1,000 in. */
const SLOW_SOURCES = 10;
const SLOW_BYTE_EVERY_MS = 2000;
const CLOSE_TARGET_MS = 30_000;
const WAIT_FOR_CLOSE_MS = 45_000;
const PAGE_SAMPLES = 300;
const PAGE_SOURCE = "127.0.0.200";
const FORGED_COOKIES = 200;
const PASSWORD = "bench hostile owner password";
const endpoints = [CONTACT_ENDPOINT, NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT, adminEndpoints.session];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function withStore<T>(kind: "sqlite" | "postgres", run: (t: Awaited<ReturnType<typeof startTestApp>>) => Promise<T>): Promise<T> {
  const scratch = await scratchDatabase(kind);
  const t = await startTestApp({
    ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
    ADMIN_PASSWORD: PASSWORD,
    RATE_LIMIT_MAX: "1000000000",
    ADMIN_SIGNIN_MAX: "1000000000",
    MIN_SUBMIT_MS: "0",
  });
  try {
    return await run(t);
  } finally {
    await t.close();
    await scratch.drop();
  }
}

async function fuzz(kind: "sqlite" | "postgres"): Promise<Row> {
  return withStore(kind, async (t) => {
    const rows = async () => (await t.app.leads.listEnquiries()).length + (await t.app.leads.listSubscribers()).length;
    let sent = 0;
    let serverErrors = 0;
    let storedOnRefusal = 0;
    let accepted = 0;
    for (const url of endpoints) {
      for (const request of fc.sample(hostileRequest(url), FUZZ_CASES_PER_ENDPOINT)) {
        const before = await rows();
        const response = await t.app.inject(request as InjectOptions);
        sent += 1;
        if (response.statusCode >= 500) serverErrors += 1;
        if (response.statusCode < 400) accepted += 1;
        else if ((await rows()) !== before) storedOnRefusal += 1;
      }
    }
    const personalLines = t.logs.filter((line) => line.includes(PERSONAL_MARKER)).length;
    return { figure: `fuzz cases (${kind})`, value: sent, detail: `${accepted} accepted, ${serverErrors} 5xx, ${storedOnRefusal} stored on refusal, ${personalLines} log lines with typed data`, target: serverErrors === 0 && storedOnRefusal === 0 && personalLines === 0 ? "met" : "missed" };
  });
}

async function cookies(kind: "sqlite" | "postgres"): Promise<Row> {
  return withStore(kind, async (t) => {
    const inbox = (cookie: string) => t.app.inject({ method: "GET", url: adminEndpoints.enquiries, headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    const signIn = await t.app.inject({ method: "POST", url: adminEndpoints.session, payload: { password: PASSWORD } });
    const real = String(signIn.headers["set-cookie"]).split(";")[0]!.slice(SESSION_COOKIE.length + 1);
    if ((await inbox(real)).statusCode !== 200) throw new Error("the owner's own session was refused: the bench cannot judge forgeries");
    const forged = [
      ...Array.from({ length: FORGED_COOKIES }, () => randomBytes(32).toString("base64url")),
      // The old stateless format, signed with an empty key (what an empty key file used to give).
      `${Date.now() + 3_600_000}.${randomBytes(18).toString("base64url")}.${"A".repeat(43)}`,
      ...Array.from({ length: 20 }, (_, i) => `${real.slice(0, i)}${real[i] === "A" ? "B" : "A"}${real.slice(i + 1)}`),
    ];
    let acceptedForged = 0;
    for (const cookie of forged) if ((await inbox(cookie)).statusCode === 200) acceptedForged += 1;
    await t.app.inject({ method: "DELETE", url: adminEndpoints.session, headers: { cookie: `${SESSION_COOKIE}=${real}` } });
    const replayed = (await inbox(real)).statusCode === 200 ? 1 : 0;
    return { figure: `forged or replayed owner cookies accepted (${kind})`, value: acceptedForged + replayed, detail: `${forged.length} forged, 1 replayed after sign-out`, target: acceptedForged + replayed === 0 ? "met" : "missed" };
  });
}

/** One GET / from its own loopback address, in ms. */
function pageOnce(port: number, agent: http.Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/", agent, localAddress: PAGE_SOURCE, headers: { "accept-encoding": "br, gzip" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(performance.now() - started));
    });
    request.on("error", reject);
  });
}

async function pageP99(port: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: false });
  const samples: number[] = [];
  for (let i = 0; i < PAGE_SAMPLES; i++) samples.push(await pageOnce(port, agent));
  agent.destroy();
  return percentile(samples, 99);
}

interface SlowClient {
  kind: "headers" | "body";
  opened: number;
  closedAfter?: number;
}

function slowClient(port: number, index: number): SlowClient {
  const client: SlowClient = { kind: index % 2 === 0 ? "headers" : "body", opened: Date.now() };
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: `127.0.0.${1 + (index % SLOW_SOURCES)}` });
  socket.on("error", () => undefined);
  socket.on("data", () => undefined);
  socket.on("connect", () => {
    socket.write(
      client.kind === "headers"
        ? "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: "
        : `POST ${CONTACT_ENDPOINT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n`,
    );
  });
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write("a")), SLOW_BYTE_EVERY_MS);
  socket.on("close", () => {
    clearInterval(timer);
    client.closedAfter = Date.now() - client.opened;
  });
  setTimeout(() => socket.destroy(), WAIT_FOR_CLOSE_MS + 5_000).unref();
  return client;
}

async function slowConnections(): Promise<Row[]> {
  const built = path.join(root, "build", "client");
  const siteDir = existsSync(path.join(built, "index.html")) ? built : await mkdtemp(path.join(tmpdir(), "hostile-site-"));
  if (siteDir !== built) await makeSite(siteDir);
  // The default per-address cap (100), as a real server runs: the slow clients spread over ten addresses.
  const server = await startSiteServer(ports.hostile, { SITE_DIR: siteDir, LOG_LEVEL: "error", CONNECTIONS_PER_ADDRESS_MAX: "100" });
  try {
    const idle = await pageP99(ports.hostile);
    const clients: SlowClient[] = [];
    for (let i = 0; i < SLOW_CONNECTIONS; i++) {
      clients.push(slowClient(ports.hostile, i));
      if (i % 100 === 99) await sleep(20);
    }
    await sleep(1000);
    const underAttack = await pageP99(ports.hostile);
    const deadline = Date.now() + WAIT_FOR_CLOSE_MS;
    while (Date.now() < deadline && clients.some((client) => client.closedAfter === undefined)) await sleep(250);
    const closedWithin = (ms: number, kind?: SlowClient["kind"]) => clients.filter((client) => (!kind || client.kind === kind) && client.closedAfter !== undefined && client.closedAfter <= ms).length;
    const slowest = (kind: SlowClient["kind"]) => Math.max(...clients.filter((client) => client.kind === kind).map((client) => client.closedAfter ?? Infinity));
    const ratio = underAttack / idle;
    return [
      { figure: "slow connections closed by the server within 30 s", value: closedWithin(CLOSE_TARGET_MS), detail: `of ${SLOW_CONNECTIONS} (${closedWithin(CLOSE_TARGET_MS, "headers")} of ${SLOW_CONNECTIONS / 2} slow headers, ${closedWithin(CLOSE_TARGET_MS, "body")} of ${SLOW_CONNECTIONS / 2} slow bodies)`, target: closedWithin(CLOSE_TARGET_MS) === SLOW_CONNECTIONS ? "met" : "missed" },
      { figure: "slow connections closed within 45 s", value: closedWithin(WAIT_FOR_CLOSE_MS), detail: `last slow-headers close ${(slowest("headers") / 1000).toFixed(1)} s, last slow-body close ${(slowest("body") / 1000).toFixed(1)} s (defaults: headers 15 s, request 25 s, checked every second)`, target: "–" },
      { figure: "page p99, idle (ms)", value: idle.toFixed(1), detail: `GET / ${PAGE_SAMPLES} times, one at a time${siteDir === built ? "" : " (minimal site: no build present)"}`, target: "–" },
      { figure: "page p99 under 1,000 slow connections (ms)", value: underAttack.toFixed(1), detail: `${ratio.toFixed(2)}x idle`, target: ratio <= 2 ? "met" : "missed" },
    ];
  } finally {
    await server.stop();
    if (siteDir !== built) await rm(siteDir, { recursive: true, force: true });
  }
}

export async function runHostile() {
  const stores: ("sqlite" | "postgres")[] = ["sqlite", ...((await postgresReachable()) ? (["postgres"] as const) : [])];
  const rows: Row[] = [];
  for (const kind of stores) rows.push(await fuzz(kind));
  rows.push(...(await slowConnections()));
  for (const kind of stores) rows.push(await cookies(kind));
  report("hostile", "Hostile clients: fuzzed requests, slow connections, forged owner cookies", rows, { stores });
}

if (isMain(import.meta.url)) await runHostile();
