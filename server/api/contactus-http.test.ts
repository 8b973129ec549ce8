import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { postgresReachable, redisReachable, scratchDatabase, shouldRun, testRedisUrl } from "../store/databases.test-support";
import { startTestApp, type TestApp } from "../app.test-support";

// Over real HTTP (app.listen on port 0): browsers' encodings, rate limits in
// memory and in Redis, and CORS.

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}${CONTACT_ENDPOINT}`;
}

describe("over HTTP", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
  });
  afterAll(() => t.close());

  it("accepts a FormData enquiry as a browser sends it", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Ann", email: "ann@example.co.uk", salutation: "Agency", sector: "Construction", you_need: "" })) form.append(name, value);
    const response = await fetch(url, { method: "POST", body: form, headers: { "idempotency-key": "http-1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: true, data: { status: true } });
  });

  it("refuses an uploaded file with 415 and stores nothing", async () => {
    const before = (await t.app.leads.listEnquiries()).length;
    const form = new FormData();
    form.append("name", "Ann");
    form.append("email", "ann@example.co.uk");
    form.append("salutation", "Other");
    form.append("cv", new Blob([randomBytes(32 * 1024)]), "cv.pdf");
    const response = await fetch(url, { method: "POST", body: form });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ status: false, data: { status: false } });
    expect((await t.app.leads.listEnquiries()).length).toBe(before);
  });

  it("refuses a chunked multipart body (no Content-Length) with 411, before reading it", async () => {
    const boundary = "chunked-boundary";
    const chunks = [`--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`, "a@b.co\r\n", `--${boundary}--\r\n`];
    const body = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const response = await fetch(url, { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(411);
    expect(await response.json()).toMatchObject({ status: false, data: { status: false } });
  });

  it("refuses a streamed body over 64 KiB with 413", async () => {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `email=a%40b.co&message=${"x".repeat(70_000)}` });
    expect(response.status).toBe(413);
  });
});

describe("rate limit in memory", () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_MS: "60000" });
    url = await listen(t);
  });
  afterAll(() => t.close());

  it("answers the sixth submission in a minute with 429, Retry-After and the contract's shape", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `r${i}@example.co.uk` }) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "r6@example.co.uk" }) });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sixth.json()).toMatchObject({ status: false, message: expect.any(String), data: { status: false } });
    // Bad submissions count too: the limit is on attempts, not on successes.
    expect((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(429);
    // With no proxy trusted (the default), a forged X-Forwarded-For does not buy a fresh counter.
    const forged = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" }, body: JSON.stringify({ email: "f@example.co.uk" }) });
    expect(forged.status).toBe(429);
  });
});

const runRedis = shouldRun("Redis", await redisReachable());

describe.runIf(runRedis)("rate limit in Redis", () => {
  const apps: TestApp[] = [];
  const namespaceProbe = new Redis(testRedisUrl, { lazyConnect: true });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    namespaceProbe.disconnect();
  });

  it("shares one counter between two instances", async () => {
    for (let i = 0; i < 2; i++) apps.push(await startTestApp({ RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_MS: "60000", REDIS_URL: testRedisUrl }));
    // A fresh address per run: the counters outlive the test in Redis for a minute.
    const remoteAddress = `10.${randomBytes(3).join(".")}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = apps[i % 2]!.app;
      const response = await app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: `redis${i}@example.co.uk` }, remoteAddress });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.headers["retry-after"]).toBeDefined();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await namespaceProbe.connect();
    expect((await namespaceProbe.keys(`contactus-rate:*${remoteAddress}*`)).length).toBe(1);
  });
});

describe("CORS", () => {
  it("sends no CORS headers by default and refuses a cross-site POST with 403", async () => {
    const t = await startTestApp();
    const preflight = await t.app.inject({ method: "OPTIONS", url: CONTACT_ENDPOINT, headers: { origin: "https://other.example", "access-control-request-method": "POST" } });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    const cross = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "x@example.co.uk" }, headers: { origin: "https://other.example" } });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ status: false, data: { status: false } });
    const same = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "x@example.co.uk" }, headers: { origin: "http://localhost:3000" } });
    expect(same.statusCode).toBe(200);
    expect(same.headers["access-control-allow-origin"]).toBeUndefined();
    await t.close();
  });

  it("allows only the CORS_ORIGINS, only for the API", async () => {
    const t = await startTestApp({ CORS_ORIGINS: "https://partner.example" });
    const allowedHeaders = { origin: "https://partner.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type,idempotency-key" };
    const preflight = await t.app.inject({ method: "OPTIONS", url: CONTACT_ENDPOINT, headers: allowedHeaders });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://partner.example");
    expect(String(preflight.headers["access-control-allow-methods"])).toBe("POST");
    expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain("idempotency-key");
    const post = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "p@example.co.uk" }, headers: { origin: "https://partner.example" } });
    expect(post.statusCode).toBe(200);
    expect(post.headers["access-control-allow-origin"]).toBe("https://partner.example");
    expect(post.headers["access-control-expose-headers"]).toBeUndefined();
    const stranger = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "p@example.co.uk" }, headers: { origin: "https://evil.example" } });
    expect(stranger.statusCode).toBe(403);
    const page = await t.app.inject({ method: "GET", url: "/", headers: { origin: "https://partner.example" } });
    expect(page.headers["access-control-allow-origin"]).toBeUndefined();
    await t.close();
  });
});

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());

describe.runIf(runPostgres)("the API on PostgreSQL", () => {
  it("stores an enquiry once per Idempotency-Key and a sign-up once per address", async () => {
    const scratch = await scratchDatabase("postgres");
    const t = await startTestApp({ DATABASE_URL: scratch.databaseUrl! });
    try {
      const url = await listen(t);
      const send = (body: object, key?: string) =>
        fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) }, body: JSON.stringify(body) });
      const enquiry = { name: "Pat", email: "pat@example.co.uk", salutation: "Business", sector: "Public Sector", you_need: "Training" };
      const answers = await Promise.all([send(enquiry, "pg-key"), send(enquiry, "pg-key")]);
      const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { data: { id: string } }).data.id));
      expect(ids[0]).toBe(ids[1]);
      expect(t.app.leads.dialect).toBe("postgres");
      expect(await t.app.leads.listEnquiries()).toHaveLength(1);
      await send({ email: "Sub@Example.co.uk" });
      await send({ email: "sub@example.co.uk" });
      expect(await t.app.leads.listSubscribers()).toHaveLength(1);
    } finally {
      await t.close();
      await scratch.drop();
    }
  });
});

describe("start-up", () => {
  it("refuses to start, plainly, when REDIS_URL points nowhere", async () => {
    await expect(startTestApp({ REDIS_URL: "redis://127.0.0.1:1" })).rejects.toThrow(/Redis at REDIS_URL is unreachable/);
  });
});
