import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { startTestApp, type TestApp } from "../app.test-support";
import { httpReceiver, outboxReader, waitFor, type HttpReceiver } from "./peers.test-support";

// CRM forwarding against a real HTTP receiver: the signature verifies, an
// outage delays but loses nothing, and two server instances sharing one
// PostgreSQL never deliver the same lead twice.

const secret = "webhook-secret-for-tests-0123456789";
const fast = { OUTBOX_POLL_MS: "50", OUTBOX_BASE_DELAY_MS: "20", OUTBOX_MAX_DELAY_MS: "200" };

/** What a receiver does (the snippet in server/docs/outbox.md): recompute the HMAC over timestamp.body, compare in constant time, refuse stale calls. */
function verify(headers: Record<string, string | string[] | undefined>, body: string, key: string): boolean {
  const timestamp = String(headers["x-webhook-timestamp"]);
  const signature = String(headers["x-webhook-signature"]);
  const expected = `sha256=${createHmac("sha256", key).update(`${timestamp}.${body}`).digest("hex")}`;
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

const enquiry = (email: string) => ({ name: "Ann Smith", email, phone: "", salutation: "Business", sector: "Engineering", you_need: "Recruitment", message: "Hello" });

describe("CRM webhook", () => {
  let receiver: HttpReceiver;
  let t: TestApp;
  let reader: Awaited<ReturnType<typeof outboxReader>>;

  beforeAll(async () => {
    receiver = await httpReceiver();
    t = await startTestApp({ ...fast, LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: secret });
    await t.app.ready();
    reader = await outboxReader(t.config);
  });
  afterAll(async () => {
    await reader.close();
    await t.close();
    await receiver.close();
  });

  it("POSTs each accepted enquiry as signed JSON and records the receiver's answer", async () => {
    const response = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: enquiry("signed@example.co.uk") });
    const id = response.json<{ data: { id: string } }>().data.id;
    const call = await waitFor(() => receiver.accepted.find((item) => item.body.includes("signed@example.co.uk")), { what: "the webhook" });
    expect(call.headers["content-type"]).toBe("application/json");
    expect(verify(call.headers, call.body, secret)).toBe(true);
    expect(verify(call.headers, call.body, "some-other-secret-entirely")).toBe(false);
    expect(verify(call.headers, call.body.replace("Hello", "Hullo"), secret)).toBe(false);
    const body = JSON.parse(call.body) as { type: string; id: string; created_at: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: "enquiry", id, data: { name: "Ann Smith", email: "signed@example.co.uk", role: "Business", sectors: ["Engineering"], needs: ["Recruitment"], message: "Hello" } });
    const webhookRow = await waitFor(async () => (await reader.rowsFor("signed@example.co.uk")).find((row) => row.channel === "webhook" && row.status === "sent"));
    const [attempt] = await reader.attempts(webhookRow.id);
    expect(attempt!.response).toMatch(/^200 \{"received":true,"crm_id":"crm-\d+"\}$/);
  });

  it("forwards a new newsletter subscriber too", async () => {
    await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "reader@example.co.uk" } });
    const call = await waitFor(() => receiver.accepted.find((item) => item.body.includes("reader@example.co.uk")));
    expect(JSON.parse(call.body)).toMatchObject({ type: "subscriber", data: { email: "reader@example.co.uk", status: "pending" } });
  });

  it("retries while the receiver fails, then delivers exactly once when it recovers", async () => {
    receiver.status = 503;
    await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: enquiry("outage@example.co.uk") });
    const failing = () => receiver.calls.filter((item) => item.body.includes("outage@example.co.uk")).length >= 3;
    await waitFor(failing, { what: "three failed calls" });
    receiver.status = 200;
    await waitFor(async () => (await reader.rowsFor("outage@example.co.uk")).find((row) => row.channel === "webhook")?.status === "sent");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.accepted.filter((item) => item.body.includes("outage@example.co.uk"))).toHaveLength(1);
    const row = (await reader.rowsFor("outage@example.co.uk")).find((item) => item.channel === "webhook")!;
    const attempts = await reader.attempts(row.id);
    expect(attempts.filter((attempt) => attempt.ok === 1)).toHaveLength(1);
    expect(attempts.find((attempt) => attempt.ok === 0)).toMatchObject({ error: "HTTP 503" });
    expect(attempts.find((attempt) => attempt.ok === 0)!.response).toMatch(/^503 /);
    expect(row.attempts).toBe(attempts.length);
  });
});

describe("shutting down", () => {
  it("finishes and records the delivery in flight before the server closes", async () => {
    const receiver = await httpReceiver();
    receiver.delayMs = 400;
    const t = await startTestApp({ ...fast, LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: secret });
    try {
      await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: enquiry("closing@example.co.uk") });
      await waitFor(() => receiver.calls.length > 0, { what: "the call to start" });
      await t.app.close();
      expect(receiver.accepted).toHaveLength(1);
      const reader = await outboxReader(t.config);
      const row = (await reader.rowsFor("closing@example.co.uk")).find((item) => item.channel === "webhook")!;
      expect(row.status).toBe("sent");
      expect(await reader.attempts(row.id)).toHaveLength(1);
      await reader.close();
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());

describe.runIf(runPostgres)("two server instances on one PostgreSQL", () => {
  let scratch: ScratchDatabase;
  let receiver: HttpReceiver;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    scratch = await scratchDatabase("postgres");
    receiver = await httpReceiver();
    const env = { ...fast, OUTBOX_POLL_MS: "10", DATABASE_URL: scratch.databaseUrl!, LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: secret };
    first = await startTestApp(env);
    second = await startTestApp(env);
    await Promise.all([first.app.ready(), second.app.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await receiver?.close();
    await scratch?.drop();
  });

  it("delivers every item exactly once while both workers poll", async () => {
    const emails = Array.from({ length: 40 }, (_, index) => `shared${index}@example.co.uk`);
    await Promise.all(emails.map((email, index) => (index % 2 ? first : second).app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: enquiry(email) })));
    const reader = await outboxReader(scratch);
    try {
      await waitFor(async () => (await reader.all()).every((row) => row.status === "sent"), { what: "all sent", timeoutMs: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const bodies = receiver.accepted.map((call) => (JSON.parse(call.body) as { data: { email: string } }).data.email);
      expect(bodies.sort()).toEqual([...emails].sort());
      const attempts = await reader.db.selectFrom("delivery_attempts").select("outbox_id").execute();
      expect(attempts.length).toBe(new Set(attempts.map((attempt) => attempt.outbox_id)).size);
      // Both instances took part.
      for (const instance of [first, second]) expect(instance.logs.filter((line) => line.includes('"outbox delivered"')).length).toBeGreaterThan(0);
    } finally {
      await reader.close();
    }
  });
});
