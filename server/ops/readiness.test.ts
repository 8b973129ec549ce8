import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { postgresReachable, redisReachable, scratchDatabase, shouldRun, testPostgresUrl, testRedisUrl, type ScratchDatabase } from "../store/databases.test-support";
import { startTestApp, type TestApp } from "../app.test-support";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.test-support";
import type { ReadinessReport } from "./readiness";

// /healthz stays a cheap "the process answers"; /readyz says whether leads can
// be stored. Outages of the shared PostgreSQL and Redis are simulated by
// cutting a TCP forwarder in front of them, never by stopping them.

const readyz = async (app: FastifyInstance) => {
  const response = await app.inject({ method: "GET", url: "/readyz" });
  return { status: response.statusCode, body: response.json<ReadinessReport>(), headers: response.headers };
};

let sequence = 0;
/** Posts one enquiry; resolves to its id when the server acknowledged it as stored, null otherwise. */
async function sendEnquiry(app: FastifyInstance): Promise<string | null> {
  sequence += 1;
  const response = await app.inject({
    method: "POST",
    url: CONTACT_ENDPOINT,
    payload: { name: "Ann Example", email: `ann${sequence}@example.co.uk`, phone: "07700 900123", salutation: "Freelancer", sector: "Healthcare", you_need: "Payroll", message: "Hello" },
  });
  return response.statusCode === 200 ? response.json<{ data: { id: string } }>().data.id : null;
}

async function until(condition: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("on SQLite", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: "silent" });
  });
  afterAll(() => t.close());

  it("answers liveness and readiness, with the outbox's figures", async () => {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect(await sendEnquiry(t.app)).not.toBeNull();
    const { status, body, headers } = await readyz(t.app);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect(body.status).toBe("ready");
    expect(body.down).toEqual([]);
    expect(body.checks.store?.ok).toBe(true);
    expect(body.checks.redis).toBeUndefined();
    // The enquiry's team notification waits in the outbox (the worker may already have sent it).
    expect(body.outbox).toMatchObject({ failed: 0 });
    expect(body.outbox?.pending).toBeGreaterThanOrEqual(0);
  });

  it("shows only the status to a caller off the machine, or one a proxy forwarded", async () => {
    for (const request of [{ remoteAddress: "203.0.113.9" }, { remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } }, { remoteAddress: "2001:db8::1", headers: { authorization: "Bearer wrong-token-wrong-token" } }]) {
      const response = await t.app.inject({ method: "GET", url: "/readyz", ...request });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ready" });
    }
  });
});

describe("with a metrics token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: "silent", METRICS_TOKEN: "metrics-token-0123456789" });
  });
  afterAll(() => t.close());

  it("shows the details to a remote caller bearing it", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz", remoteAddress: "203.0.113.9", headers: { authorization: "Bearer metrics-token-0123456789" } });
    expect(response.json<ReadinessReport>()).toMatchObject({ status: "ready", down: [], outbox: { failed: 0 } });
    const without = await t.app.inject({ method: "GET", url: "/readyz", remoteAddress: "203.0.113.9" });
    expect(without.json()).toEqual({ status: "ready" });
  });
});

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const runRedis = shouldRun("Redis", await redisReachable());

describe.runIf(runPostgres && runRedis)("with PostgreSQL and Redis behind a forwarder that can be cut", () => {
  let scratch: ScratchDatabase;
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let t: TestApp;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase("postgres");
    pgProxy = await startTcpProxy(Number(new URL(testPostgresUrl).port || 5432));
    redisProxy = await startTcpProxy(Number(new URL(testRedisUrl).port || 6379));
    const databaseUrl = new URL(scratch.databaseUrl ?? "");
    databaseUrl.hostname = "127.0.0.1";
    databaseUrl.port = String(pgProxy.port);
    t = await startTestApp({ LOG_LEVEL: "silent", DATABASE_URL: databaseUrl.href, REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`, MIN_SUBMIT_MS: "0" });
  });
  afterAll(async () => {
    await t?.close();
    await pgProxy?.close();
    await redisProxy?.close();
    await scratch?.drop();
  });

  async function flow(count: number) {
    for (let i = 0; i < count; i += 1) {
      const id = await sendEnquiry(t.app);
      if (id) acknowledged.push(id);
    }
  }

  it("is ready while both answer", async () => {
    await flow(3);
    expect(acknowledged).toHaveLength(3);
    const { status, body } = await readyz(t.app);
    expect(status).toBe(200);
    expect(body.checks).toMatchObject({ store: { ok: true }, redis: { ok: true } });
  });

  it("says the store is down while PostgreSQL is unreachable, and is ready again when it returns", async () => {
    await pgProxy.cut();
    const during = await readyz(t.app);
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({ status: "not-ready", down: ["store"], outbox: null });
    // Liveness does not depend on the store: the process itself is fine.
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    // A lead sent now is refused (not acknowledged), never acknowledged and dropped.
    await flow(2);
    await pgProxy.restore();
    await until(async () => (await readyz(t.app)).status === 200, "readiness after PostgreSQL returned");
    await flow(3);
  });

  it("says Redis is down while it is unreachable, still takes leads, and is ready again when it returns", async () => {
    await redisProxy.cut();
    await until(async () => (await readyz(t.app)).status === 503, "readiness to see Redis gone", 5000);
    const during = await readyz(t.app);
    expect(during.body).toMatchObject({ status: "not-ready", down: ["redis"], checks: { store: { ok: true }, redis: { ok: false } } });
    // Rate limits fail open while Redis is away: leads are still stored.
    const before = acknowledged.length;
    await flow(2);
    expect(acknowledged.length).toBe(before + 2);
    await redisProxy.restore();
    await until(async () => (await readyz(t.app)).status === 200, "readiness after Redis returned", 15_000);
  });

  it("lost no acknowledged lead", async () => {
    const client = new pg.Client({ connectionString: scratch.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>("select id from enquiries");
      const stored = new Set(rows.map((row) => row.id));
      expect(acknowledged.length).toBeGreaterThanOrEqual(8);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
