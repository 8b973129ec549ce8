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
// Run alone: node --import tsx bench/api.ts [--quick]
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { CONTACT_ENDPOINT, fields, headers } from "../contract/lead";
import { signUp } from "../server/newsletter/sign-up";
import { openDatabase } from "../server/store/database";
import { createLeadStore } from "../server/store/lead-store";
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

/** The lead store alone: `concurrency` callers each storing sign-ups back to back for `duration` seconds. */
async function storeAlone(concurrency: number, duration: number): Promise<Load> {
  const dataDir = path.join(tmpDir, "api-store-data");
  rmSync(dataDir, { recursive: true, force: true });
  const { db, dialect } = await openDatabase({ dataDir });
  const store = createLeadStore(db, dialect);
  const deliveries = { publicSiteUrl: new URL("http://localhost:3000"), from: "bench <no-reply@localhost>", teamEmail: "team@localhost", unsubscribeSecret: "bench-unsubscribe-secret" };
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const started = performance.now();
          await signUp(store, { email: uniqueEmail(), sourcePage: "/", ipHash: "bench" }, { deliveries, resendMinMs: 600_000 });
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  };
  try {
    await run(2); // warm-up, as for the HTTP rows
    const latencies = await run(duration);
    const at = (share: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0).toFixed(1));
    return { rps: Math.round(latencies.length / duration), p50: at(0.5), p99: at(0.99), non2xx: 0, errors: 0, total: latencies.length };
  } finally {
    await store.close();
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
        for (const [name, value] of [
          ["Fastify hello-world (GET /)", reference],
          [`POST ${CONTACT_ENDPOINT} (newsletter)`, api],
          ["lead store alone (same sign-up, no HTTP)", alone],
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
