// Part h: hostile clients. (1) Arbitrary requests to every public endpoint, in
// process, on SQLite and PostgreSQL: 5xx answers, rows stored on a refusal, log
// lines holding typed data. (2) 1,000 slow connections against one real server
// on loopback: how many it closed, how soon, and the home page's p99 latency
// during the attack against idle. (3) Forged and replayed owner cookies accepted.
// (4) The content editor: 20 hostile uploads and arbitrary saves through its
// file API, what was stored, and how the stored files are then served.
// (5) 100,000 junk analytics events (made-up paths, referrers, campaigns, some
// with control characters) in process: the rows they leave in analytics_daily,
// against the bound the caps allow.
import { createHash, randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { adminEndpoints } from "../contract/admin";
import { ANALYTICS_KEYS_PER_DAY_MAX, browserEvents, EVENT_ENDPOINT, analyticsForms } from "../contract/analytics";
import { cappedDimensions, type AnalyticsTables } from "../server/store/analytics-store";
import { countedPages } from "../server/analytics/dimensions";
import { openDatabase } from "../server/store/database";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT } from "../contract/newsletter";
import { editorConfig, UPLOADS_DIRECTORY } from "../editor/keystatic.config";
import { SESSION_COOKIE } from "../server/admin/session";
import { editorPaths } from "../server/editor/editor-paths";
import { holdsMarkup, hostileSave, hostileUploads, updateUrls } from "../server/editor/hostile-uploads.test-support";
import { hostileRequest, PERSONAL_MARKER } from "../server/api/hostile-requests.test-support";
import { postgresReachable, scratchDatabase } from "../server/store/databases.test-support";
import { makeSite, signedInAs, startTestApp } from "../server/app.test-support";
import { isMain, flag, ports, report, root, sleep, startSiteServer, type Row } from "./lib";

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
/** Arbitrary saves sent to the content editor's file API. */
const EDITOR_FUZZ_CASES = 300;
const JUNK_EVENTS = 100_000;
/** Junk events in flight at once, and how often the counts are written meanwhile (as the server's timer would). */
const JUNK_CONCURRENCY = 50;
const JUNK_FLUSH_EVERY = 10_000;
const JUNK_BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
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
    const real = (await signedInAs(t.app, "owner")).cookie.slice(SESSION_COOKIE.length + 1);
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

/**
 * The most rows one day can hold, whatever is sent: every metric (views, visits, visitors, page
 * visitors, three form steps per form, enquiries, sign-ups, confirmations) once per key of every
 * dimension: the counted pages and "(other)", three devices, and per capped dimension the cap, "" and "(other)".
 */
export function analyticsRowsPerDayBound(): number {
  const metrics = 7 + 3 * analyticsForms.length;
  const keys = countedPages.size + 1 + 3 + cappedDimensions.size * (ANALYTICS_KEYS_PER_DAY_MAX + 2);
  return metrics * keys;
}

/** A deterministic stream of pseudo-random numbers (mulberry32), so runs compare. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function junkAnalytics(kind: "sqlite" | "postgres", events = JUNK_EVENTS): Promise<Row> {
  const scratch = await scratchDatabase(kind);
  const t = await startTestApp({ DATA_DIR: scratch.dataDir, ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}), LOG_LEVEL: "silent", ANALYTICS_RATE_LIMIT_MAX: "1000000000", ANALYTICS_FLUSH_MS: "600000" });
  const next = random(33);
  const word = () => Math.floor(next() * 1e9).toString(36);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const pages = [...countedPages];
  const junk = (i: number) => {
    const path = next() < 0.5 ? `/${word()}/${word()}` : pick(pages);
    const control = next() < 0.05 ? "\u0001" : "";
    return {
      e: pick(browserEvents),
      p: path,
      f: pick(analyticsForms),
      ...(next() < 0.5 ? { x: 1 } : {}),
      v: { l: next() < 0.5 ? `/${word()}` : pick(pages), r: `https://${word()}.example/${word()}?q=${i}`, s: word(), m: word(), c: `${word()}${control}` },
    };
  };
  const statuses = new Map<number, number>();
  const started = performance.now();
  try {
    let sent = 0;
    while (sent < events) {
      const batch = Array.from({ length: Math.min(JUNK_CONCURRENCY, events - sent) }, (_, j) => junk(sent + j));
      const answers = await Promise.all(
        batch.map((body, j) =>
          t.app.inject({
            method: "POST",
            url: EVENT_ENDPOINT,
            payload: JSON.stringify(body),
            remoteAddress: `198.18.${(sent + j) % 250}.${Math.floor((sent + j) / 250) % 250}`,
            headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": JUNK_BROWSER },
          }),
        ),
      );
      for (const answer of answers) statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      const before = sent;
      sent += batch.length;
      if (Math.floor(sent / JUNK_FLUSH_EVERY) > Math.floor(before / JUNK_FLUSH_EVERY)) await t.app.analyticsFlush?.();
    }
    await t.app.analyticsFlush?.();
    const { db } = await openDatabase(scratch);
    let rows: number;
    let days: number;
    try {
      const stored = await db.withTables<AnalyticsTables>().selectFrom("analytics_daily").select(["day"]).execute();
      rows = stored.length;
      days = new Set(stored.map((row) => row.day)).size;
    } finally {
      await db.destroy();
    }
    const bound = analyticsRowsPerDayBound() * Math.max(1, days);
    const seconds = (performance.now() - started) / 1000;
    const answered = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${count} × ${status}`).join(", ");
    return {
      figure: `analytics_daily rows after ${events.toLocaleString("en-GB")} junk events (${kind})`,
      value: rows,
      detail: `bound ${bound} (${days} day${days === 1 ? "" : "s"}; cap ${ANALYTICS_KEYS_PER_DAY_MAX} keys per capped dimension a day, ${countedPages.size} counted pages); answers ${answered}; ${seconds.toFixed(0)} s`,
      target: rows <= bound ? "met" : "missed",
    };
  } finally {
    await t.close();
    await scratch.drop();
  }
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

/** Every file under a folder (a git history aside), with a hash of its bytes. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !path.relative(dir, full).split(path.sep).includes(".git")) found.set(path.relative(dir, full), createHash("sha256").update(await readFile(full)).digest("hex"));
  }
  return found;
}

const sameFiles = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([file, hash]) => b.get(file) === hash);

/** The content editor's file API on a server of its own, with a checkout in a temp folder. */
async function editorUploads(): Promise<Row[]> {
  const work = await mkdtemp(path.join(tmpdir(), "hostile-editor-"));
  const source = path.join(work, "source");
  await mkdir(path.join(source, "content", "home"), { recursive: true });
  await writeFile(path.join(source, "content", "home", "hero.yaml"), "headline: First\n");
  const t = await startTestApp({ ADMIN_PASSWORD: PASSWORD, ADMIN_SIGNIN_MAX: "1000000000", CONTENT_EDITOR: "on", SITE_SOURCE_DIR: source, ANALYTICS: "off" });
  const rows: Row[] = [];
  try {
    const { cookie } = await signedInAs(t.app, "editor");
    const save = (additions: { path: string; contents: Buffer }[], deletions: { path: string }[] = [], url = "/api/keystatic/update") =>
      t.app.inject({
        method: "POST",
        url,
        headers: { cookie, "no-cors": "1", "content-type": "application/json" },
        payload: JSON.stringify({ additions: additions.map((item) => ({ path: item.path, contents: item.contents.toString("base64url") })), deletions }),
      });

    // (a) The twenty hostile uploads: refused with nothing written, or stored as a clean picture.
    const uploads = await hostileUploads();
    let refused = 0;
    let storedClean = 0;
    let storedUnsafely = 0;
    let hugeMs = 0;
    for (const upload of uploads) {
      const before = await filesUnder(work);
      const started = performance.now();
      const response = await save([upload]);
      if (upload.name.startsWith("a 16,000")) hugeMs = performance.now() - started;
      const after = await filesUnder(work);
      if (response.statusCode === 400 && sameFiles(before, after)) refused += 1;
      else if (response.statusCode === 200 && upload.mayStore && !holdsMarkup(await readFile(path.join(source, upload.path)))) storedClean += 1;
      else storedUnsafely += 1;
    }
    // (b) What was stored, served as the build serves public/: as pictures, sandboxed, never sniffed.
    const siteDir = path.join(work, "site");
    await makeSite(siteDir);
    await cp(path.join(source, "public"), siteDir, { recursive: true });
    const site = await startTestApp({ SITE_DIR: siteDir });
    let served = 0;
    let servedUnsafely = 0;
    try {
      const urls = [...new Set([...(await filesUnder(path.join(siteDir, "media"))).keys()].map((file) => `/media/${file.split(path.sep).join("/")}`).concat(uploads.map((upload) => `/${upload.path.replace(/^public\//, "")}`)))];
      for (const url of urls) {
        const response = await site.app.inject({ method: "GET", url });
        if (response.statusCode !== 200) continue;
        served += 1;
        const csp = String(response.headers["content-security-policy"]);
        const safe = /^image\/(png|jpeg|webp|avif)$/.test(String(response.headers["content-type"])) && response.headers["x-content-type-options"] === "nosniff" && csp.startsWith("default-src 'none'") && /(^|; )sandbox(;|$)/.test(csp) && !holdsMarkup(response.rawPayload);
        if (!safe) servedUnsafely += 1;
      }
    } finally {
      await site.close();
    }
    rows.push({
      figure: "hostile uploads through the content editor",
      value: uploads.length,
      detail: `${refused} refused with a 400 and nothing written, ${storedClean} polyglots stored as re-encoded pictures, ${storedUnsafely} stored unsafely; ${served} stored files served, ${servedUnsafely} served unsafely; the 16,000 × 16,000 PNG refused in ${hugeMs.toFixed(0)} ms`,
      target: storedUnsafely === 0 && servedUnsafely === 0 ? "met" : "missed",
    });

    // (c) Arbitrary saves (the fuzz test's generator): never a 5xx, nothing written on a refusal, only configured files otherwise.
    const allowed = editorPaths(editorConfig());
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#123c8c" } }).png().toBuffer();
    let serverErrors = 0;
    let writtenOnRefusal = 0;
    let writtenOutside = 0;
    let accepted = 0;
    for (const [item, url] of fc.sample(fc.tuple(hostileSave({ png, html: Buffer.from("<!DOCTYPE html><script>alert(1)</script>") }), updateUrls), EDITOR_FUZZ_CASES)) {
      const before = await filesUnder(source);
      const response = await save(item.additions, item.deletions, url);
      const after = await filesUnder(source);
      if (response.statusCode >= 500) serverErrors += 1;
      if (response.statusCode !== 200) {
        if (!sameFiles(before, after)) writtenOnRefusal += 1;
        continue;
      }
      accepted += 1;
      const changed = [...after].filter(([file, hash]) => before.get(file) !== hash).map(([file]) => file.split(path.sep).join("/"));
      if (changed.some((file) => !allowed.check(file).ok || (file.startsWith(`${UPLOADS_DIRECTORY}/`) && holdsMarkup(readFileSync(path.join(source, file)))))) writtenOutside += 1;
    }
    rows.push({
      figure: "fuzzed saves to the content editor's API",
      value: EDITOR_FUZZ_CASES,
      detail: `${accepted} accepted, ${serverErrors} 5xx, ${writtenOnRefusal} wrote something on refusal, ${writtenOutside} wrote outside the configured files or a picture holding markup`,
      target: serverErrors === 0 && writtenOnRefusal === 0 && writtenOutside === 0 ? "met" : "missed",
    });
  } finally {
    await t.close();
    await rm(work, { recursive: true, force: true });
  }
  return rows;
}

export async function runHostile() {
  const stores: ("sqlite" | "postgres")[] = ["sqlite", ...((await postgresReachable()) ? (["postgres"] as const) : [])];
  const rows: Row[] = [];
  for (const kind of stores) rows.push(await fuzz(kind));
  rows.push(...(await slowConnections()));
  for (const kind of stores) rows.push(await cookies(kind));
  rows.push(...(await editorUploads()));
  for (const kind of stores) rows.push(await junkAnalytics(kind));
  report("hostile", "Hostile clients: fuzzed requests, slow connections, forged owner cookies, hostile editor uploads, junk analytics", rows, { stores });
}

if (isMain(import.meta.url)) {
  // `--editor` runs the content editor's rows alone.
  if (flag("editor")) report("hostile-editor", "Hostile clients: the content editor's uploads and saves", await editorUploads());
  else await runHostile();
}
