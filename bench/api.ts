// Part c: POST /api/contactus (a multipart newsletter sign-up, a new email each
// request) at 10 and 100 connections, next to a bare Fastify hello-world run
// here too. Rate limiting is lifted by configuration only (RATE_LIMIT_MAX,
// MIN_SUBMIT_MS). Skipped, with a message, while the route answers 404.
// A third row per concurrency is the lead store alone: the same sign-up the
// route stores (subscriber and outbox rows, one durable commit), called in this
// process with no HTTP, multipart or email delivery: the part of the budget
// that storage alone takes. A fourth is the same route given an invalid email:
// HTTP, multipart and validation, answered 400 before the store (its non-2xx
// are the point, not failures): the part of the budget the request path takes.
// A fifth is SQLite alone: the rows a sign-up writes, by prepared statements
// straight into better-sqlite3, with none of our code on the way: the floor of
// any design that keeps those rows in SQLite on this machine. A sixth adds what
// the outbox worker writes once each sign-up's email is sent: the floor of a
// lead's rows from sign-up to its email delivered.
// Run alone: node --import tsx bench/api.ts [--quick]
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import type SqliteDatabase from "better-sqlite3";
import { CONTACT_ENDPOINT, fields, headers } from "../contract/lead";
import { signUp } from "../server/newsletter/sign-up";
import { newConfirmToken } from "../server/newsletter/tokens";
import { BATCH_SIZE, CLAIM_LEASE_MS } from "../server/outbox/worker";
import { openDatabase, openSqliteFile } from "../server/store/database";
import { createLeadStore, type LeadStore } from "../server/store/lead-store";
import { newRowId } from "../server/store/row-id";
import { flag, isMain, ports, report, startChild, startSiteServer, tmpDir, waitForUrl, type Row } from "./lib";

const boundary = "----benchBoundary7MA4YWxkTrZu0gW";
let counter = 0;

const uniqueEmail = () => `bench-${process.pid}-${(counter += 1)}-${randomUUID().slice(0, 8)}@example.com`;

/** A multipart/form-data newsletter body, exactly as the site's form sends it (a unique email and key unless given). */
export function newsletterRequest(email = uniqueEmail(), idempotencyKey: string = randomUUID()): { body: string; headers: Record<string, string> } {
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${fields.email}"\r\n\r\n${email}\r\n--${boundary}--\r\n`;
  return {
    body,
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      [headers.idempotencyKey.toLowerCase()]: idempotencyKey,
      [headers.renderedAt.toLowerCase()]: String(Date.now() - 60_000),
    },
  };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** What each request is: a GET, or a multipart sign-up POST (a new valid email each time unless `email` makes another). */
type LoadRequest = { method: "GET" } | { method: "POST"; email?: () => string };

async function load(url: string, connections: number, duration: number, kind: LoadRequest, warmUp = true): Promise<Load> {
  // Warm-up first (JIT, database pages), not counted.
  if (warmUp) await load(url, connections, 2, kind, false);
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      kind.method === "POST"
        ? {
            method: "POST",
            setupRequest: (request) => {
              const next = newsletterRequest(kind.email?.());
              return { ...request, method: "POST", body: next.body, headers: { ...request.headers, ...next.headers } };
            },
          }
        : { method: "GET" },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

const deliveries = { publicSiteUrl: new URL("http://localhost:3000"), from: "bench <no-reply@localhost>", teamEmail: "team@localhost", unsubscribeSecret: "bench-unsubscribe-secret" };
const benchSignUp = (store: LeadStore) => signUp(store, { email: uniqueEmail(), sourcePage: "/", ipHash: "bench" }, { deliveries, resendMinMs: 600_000 });

/** An in-process row's figures from each sign-up's latency (ms) over `duration` seconds. */
function inProcessLoad(latencies: number[], duration: number): Load {
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0).toFixed(1));
  return { rps: Math.round(latencies.length / duration), p50: at(0.5), p99: at(0.99), non2xx: 0, errors: 0, total: latencies.length };
}

/** The lead store alone: `concurrency` callers each storing sign-ups back to back for `duration` seconds. */
async function storeAlone(concurrency: number, duration: number): Promise<Load> {
  const dataDir = path.join(tmpDir, "api-store-data");
  rmSync(dataDir, { recursive: true, force: true });
  const { db, dialect } = await openDatabase({ dataDir });
  const store = createLeadStore(db, dialect);
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          await benchSignUp(store);
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies;
  };
  try {
    await run(2); // warm-up, as for the HTTP rows
    return inProcessLoad(await run(duration), duration);
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `INSERT INTO table (…) VALUES (@…)` for a row's columns, with whatever follows. */
function insertStatement(sqlite: SqliteDatabase.Database, table: string, row: object, rest = "") {
  const columns = Object.keys(row);
  return sqlite.prepare(`INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")}) ${rest}`);
}

/**
 * The outbox worker's writes for one delivery, as `outbox-store.ts`'s query
 * builder compiles them for SQLite (claim, markSent and its attempt row);
 * `api.test.ts` checks they are still the queue's own.
 */
export const outboxStatements = {
  claim:
    'update "outbox" set "locked_until" = ? where "id" in (select "id" from "outbox" where "status" = ? and "next_attempt_at" <= ? and ("locked_until" is null or "locked_until" < ?) order by "next_attempt_at" limit ?) returning *',
  markSent: 'update "outbox" set "status" = ?, "sent_at" = ?, "attempts" = attempts + 1, "locked_until" = ?, "last_error" = ? where "id" = ?',
  recordAttempt: 'insert into "delivery_attempts" ("id", "outbox_id", "attempted_at", "ok", "error", "response", "duration_ms") values (?, ?, ?, ?, ?, ?, ?)',
};

/**
 * SQLite alone: the rows one sign-up writes, copied from a real sign-up (the
 * subscriber and its outbox rows, rendered email and all) with fresh ids,
 * emails and token hashes, inserted by prepared statements straight into
 * better-sqlite3 on the store's schema, the file opened as the store opens it
 * (`openSqliteFile`: settings, checkpointer, WAL sync): `groupSize` sign-ups,
 * each in its savepoint, per COMMIT; each COMMIT's WAL fdatasynced in the
 * thread pool while the next group is written. No Kysely, no group-commit
 * driver, no HTTP: what the rows themselves cost.
 *
 * With `recordDelivery`, each group's COMMIT also holds what the outbox worker
 * writes once it has sent those sign-ups' emails (`outboxStatements`: the
 * claim in batches of the worker's BATCH_SIZE, then per row "sent" and its
 * attempt row): a lead's rows in SQLite from sign-up to its email sent, at the
 * fewest COMMITs they could take.
 */
async function sqliteAlone(groupSize: number, duration: number, { recordDelivery = false } = {}): Promise<Load> {
  const dataDir = path.join(tmpDir, "api-sqlite-data");
  rmSync(dataDir, { recursive: true, force: true });
  const { db, dialect } = await openDatabase({ dataDir });
  const store = createLeadStore(db, dialect);
  await benchSignUp(store);
  const subscriber = await db.selectFrom("subscribers").selectAll().executeTakeFirstOrThrow();
  const outboxRows = await db.selectFrom("outbox").selectAll().execute();
  await store.close();
  const outboxRow = outboxRows[0];
  if (!outboxRow) throw new Error("SQLite alone: the sign-up wrote no outbox row to copy");

  const { file: sqlite, checkpointer, wal } = openSqliteFile(path.join(dataDir, "leads.db"));
  const begin = sqlite.prepare("BEGIN IMMEDIATE");
  const savepoint = sqlite.prepare("SAVEPOINT member");
  const release = sqlite.prepare("RELEASE member");
  const commit = sqlite.prepare("COMMIT");
  // As the store inserts a subscriber: a known email is left alone, the new row read back.
  const insertSubscriber = insertStatement(sqlite, "subscribers", subscriber, 'ON CONFLICT ("email") DO NOTHING RETURNING *');
  const insertOutbox = insertStatement(sqlite, "outbox", outboxRow);
  const writeSignUp = () => {
    const at = new Date().toISOString();
    const id = newRowId();
    const email = uniqueEmail();
    savepoint.run();
    insertSubscriber.all({ ...subscriber, id, email, created_at: at, updated_at: at, consent_at: at, confirm_token_hash: newConfirmToken().hash });
    for (const row of outboxRows) insertOutbox.run({ ...row, id: newRowId(), lead_id: id, lead_email: email, created_at: at, next_attempt_at: at });
    release.run();
  };
  const claim = sqlite.prepare(outboxStatements.claim);
  const markSent = sqlite.prepare(outboxStatements.markSent);
  const recordAttempt = sqlite.prepare(outboxStatements.recordAttempt);
  const recordDeliveries = (count: number) => {
    for (let claimed = 0; claimed < count; ) {
      const at = new Date();
      const nowIso = at.toISOString();
      savepoint.run();
      const rows = claim.all(new Date(at.getTime() + CLAIM_LEASE_MS).toISOString(), "pending", nowIso, nowIso, BATCH_SIZE) as { id: string }[];
      release.run();
      if (rows.length === 0) throw new Error("SQLite alone: no outbox row to claim (the sign-ups' rows were not written as pending)");
      claimed += rows.length;
      for (const row of rows) {
        savepoint.run();
        markSent.run("sent", nowIso, null, null, row.id);
        recordAttempt.run(newRowId(), row.id, nowIso, 1, null, `written to outbox-mail/${row.id}.eml`, 3);
        release.run();
      }
    }
  };
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    // One sync at a time, as in the store: a group's sync begins once the one before has ended.
    let inFlight: { sync: Promise<void>; started: number } | null = null;
    const settle = async () => {
      if (!inFlight) return;
      await inFlight.sync;
      // Every member of a group waits from the group's first insert to its sync.
      latencies.push(...Array<number>(groupSize).fill(performance.now() - inFlight.started));
      inFlight = null;
    };
    const deadline = performance.now() + seconds * 1000;
    while (performance.now() < deadline) {
      const started = performance.now();
      begin.run();
      for (let member = 0; member < groupSize; member += 1) writeSignUp();
      if (recordDelivery) recordDeliveries(groupSize * outboxRows.length);
      commit.run();
      await settle();
      inFlight = { sync: wal.sync(), started };
    }
    await settle();
    return latencies;
  };
  try {
    await run(2);
    return inProcessLoad(await run(duration), duration);
  } finally {
    // In the store's order (database.ts): the checkpointer's last pass, then the WAL's descriptor, then the file.
    await checkpointer.stop();
    await wal.close();
    sqlite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApi({ quick = flag("quick") } = {}) {
  const duration = quick ? 3 : 10;
  const dataDir = path.join(tmpDir, "api-data");
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startSiteServer(ports.api, { DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000000000", MIN_SUBMIT_MS: "0" });
  const apiUrl = `http://127.0.0.1:${ports.api}${CONTACT_ENDPOINT}`;
  try {
    const probe = newsletterRequest();
    const answer = await fetch(apiUrl, { method: "POST", body: probe.body, headers: probe.headers });
    if (answer.status === 404) {
      console.log(`API load: skipped: POST ${CONTACT_ENDPOINT} answers 404 (the lead API is not in this build yet).\n`);
      report("api", "API load: skipped (POST /api/contactus answers 404)", [], { skipped: true });
      return [];
    }
    if (!answer.ok) console.log(`API load: the probe request answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    const hello = startChild("node", ["--import", "tsx", "bench/hello-server.ts"], { PORT: String(ports.hello) });
    try {
      await waitForUrl(`http://127.0.0.1:${ports.hello}/`);
      const rows: Row[] = [];
      for (const connections of [10, 100]) {
        const reference = await load(`http://127.0.0.1:${ports.hello}/`, connections, duration, { method: "GET" });
        const api = await load(apiUrl, connections, duration, { method: "POST" });
        const refused = await load(apiUrl, connections, duration, { method: "POST", email: () => "not-an-email" });
        const alone = await storeAlone(connections, duration);
        const sqlite = await sqliteAlone(connections, duration);
        const sqliteDelivered = await sqliteAlone(connections, duration, { recordDelivery: true });
        for (const [name, value] of [
          ["Fastify hello-world (GET /)", reference],
          [`POST ${CONTACT_ENDPOINT} (newsletter)`, api],
          ["lead store alone (same sign-up, no HTTP)", alone],
          [`SQLite alone (the same rows, ${connections} sign-ups per COMMIT)`, sqlite],
          ["SQLite alone, and each email's delivery recorded", sqliteDelivered],
          [`POST ${CONTACT_ENDPOINT}, invalid email (400 by design: no store)`, refused],
        ] as const) {
          rows.push({
            target: name,
            connections,
            "req/s": value.rps,
            "p50 ms": value.p50,
            "p99 ms": value.p99,
            requests: value.total,
            "non-2xx": value.non2xx,
            errors: value.errors,
            "× hello-world": (value.rps / reference.rps).toFixed(2),
          });
        }
      }
      report("api", `API load, ${duration} s per row (autocannon 8)`, rows, { duration });
      return rows;
    } finally {
      await hello.stop();
    }
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runApi();
