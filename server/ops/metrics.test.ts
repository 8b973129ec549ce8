import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_KEYS_PER_DAY_MAX, EVENT_ENDPOINT } from "../../contract/analytics";
import { CHALLENGE_ENDPOINT, CONTACT_ENDPOINT, headers } from "../../contract/lead";
import { freePort } from "../../scripts/free-port";
import { startTestApp, type TestApp } from "../app.test-support";
import { pageScriptHeaders, solvedProof, type Challenge } from "../spam/browser-post.test-support";

// The Prometheus endpoint after a scripted run: what the owner's dashboards
// and alerts would read.

const TOKEN = "metrics-token-for-tests-0123456789";
/** The loopback listener is told its port up front: one the system says is free. */
const METRICS_PORT = await freePort();

const enquiry = (n: number) => ({ name: "Ann Example", email: `ann${n}@example.co.uk`, phone: "07700 900123", salutation: "Freelancer", sector: "Healthcare", you_need: "Payroll", message: "Hello" });
/** A proof of work for one submission, solved as the form's worker solves it. */
const proofFor = async (app: FastifyInstance) => solvedProof((await app.inject({ method: "GET", url: CHALLENGE_ENDPOINT })).json() as Challenge);
// As a browser's script posts: Fetch Metadata, a proof of work, the form on screen for 9 s.
const post = async (app: FastifyInstance, payload: object, extra: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload, headers: { ...pageScriptHeaders, [headers.shownMs]: "9000", [headers.proofOfWork]: await proofFor(app), ...extra } });

/** The value of one sample in Prometheus's text format, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

async function scrape(app: FastifyInstance) {
  const response = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe("metrics off (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: "silent" });
  });
  afterAll(() => t.close());

  it("has no /metrics", async () => {
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });
});

describe("metrics on, after a scripted run", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      LOG_LEVEL: "silent",
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(METRICS_PORT),
      RATE_LIMIT_MAX: "7",
      MIN_SUBMIT_MS: "2000",
      SPAM_FILTER: "on",
      // A CRM that is down: every call fails and is retried.
      LEADS_WEBHOOK_URL: "http://127.0.0.1:9/leads",
      LEADS_WEBHOOK_SECRET: "webhook-secret-0123456789",
    });
    const app = t.app;
    const first = { [headers.idempotencyKey]: "key-1", [headers.proofOfWork]: await proofFor(app) };
    expect((await post(app, enquiry(1), first)).statusCode).toBe(200);
    expect((await post(app, enquiry(1), first)).statusCode).toBe(200); // replayed
    expect((await post(app, enquiry(2))).statusCode).toBe(200);
    expect((await post(app, { email: "news@example.co.uk" })).statusCode).toBe(200); // subscribed
    expect((await post(app, { ...enquiry(3), email: "not an address" })).statusCode).toBe(400);
    expect((await post(app, { ...enquiry(4), website: "spam" }, { [headers.proofOfWork]: "" })).statusCode).toBe(200); // the page's request without its proof: quarantined
    expect((await post(app, enquiry(5), { [headers.shownMs]: "40" })).statusCode).toBe(200); // too fast: quarantined
    expect((await post(app, enquiry(6))).statusCode).toBe(429); // the eighth from this address
    // Let the worker try everything once: 2 team notifications and 1 confirmation by email, 3 CRM calls.
    const deadline = Date.now() + 10_000;
    const settled = (text: string) => (sample(text, "outbox_delivery_attempts_total", { channel: "webhook" }) ?? 0) >= 3 && sample(text, "outbox_pending") === 3;
    while (!settled(await scrape(app))) {
      if (Date.now() > deadline) throw new Error("the outbox worker did not try the CRM calls");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => t.close());

  it("refuses a scrape without the token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer wrong" } });
    expect(response.statusCode).toBe(401);
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(response.body).not.toContain("leads_accepted_total");
  });

  it("counts leads accepted, quarantined and refused, and spam signals by reason", async () => {
    const text = await scrape(t.app);
    expect(sample(text, "leads_accepted_total", { outcome: "stored" })).toBe(2);
    expect(sample(text, "leads_accepted_total", { outcome: "replayed" })).toBe(1);
    expect(sample(text, "leads_accepted_total", { outcome: "subscribed" })).toBe(1);
    expect(sample(text, "leads_accepted_total", { outcome: "quarantined" })).toBe(2);
    expect(sample(text, "leads_refused_total", { reason: "invalid" })).toBe(1);
    expect(sample(text, "leads_refused_total", { reason: "rate-limited" })).toBe(1);
    expect(sample(text, "leads_spam_signals_total", { reason: "honeypot" })).toBe(1);
    expect(sample(text, "leads_spam_signals_total", { reason: "too-fast" })).toBe(1);
    expect(sample(text, "leads_spam_signals_total", { reason: "pow-missing" })).toBe(1);
  });

  it("counts requests and their latency by route", async () => {
    const text = await scrape(t.app);
    // The lead route's own label (the challenge's GET is counted apart).
    const route = text.split("\n").filter((line) => line.includes('method="POST"')).map((line) => /route="(\/api\/contactus[^"]*)"/.exec(line)?.[1]).find(Boolean) ?? "";
    expect(sample(text, "http_requests_total", { method: "POST", route, status: "200" })).toBe(6);
    expect(sample(text, "http_requests_total", { method: "POST", route, status: "429" })).toBe(1);
    expect(sample(text, "http_request_duration_seconds_count", { method: "POST", route })).toBe(8);
  });

  it("shows deliveries by channel, the outbox's depth and age, and commit latency", async () => {
    const text = await scrape(t.app);
    expect(sample(text, "outbox_delivery_attempts_total", { channel: "email" })).toBe(3);
    expect(sample(text, "outbox_delivery_failures_total", { channel: "email", permanent: "false" })).toBeUndefined();
    expect(sample(text, "outbox_delivery_failures_total", { channel: "webhook", permanent: "false" })).toBeGreaterThanOrEqual(3);
    // The three CRM calls wait for their retry; the emails were sent.
    expect(sample(text, "outbox_pending")).toBe(3);
    expect(sample(text, "outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "outbox_failed")).toBe(0);
    expect(sample(text, "store_up")).toBe(1);
    // Two new enquiries and one replay, one sign-up.
    expect(sample(text, "store_commit_duration_seconds_count", { operation: "save_enquiry" })).toBe(3);
    expect(sample(text, "store_commit_duration_seconds_count", { operation: "subscribe" })).toBe(1);
  });

  it("answers on the loopback port without a token", async () => {
    const response = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(response.status).toBe(200);
    expect(sample(await response.text(), "leads_accepted_total", { outcome: "stored" })).toBe(2);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/`)).status).toBe(404);
  });
});

describe("analytics keys dropped at the day's cap", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing is written during the test: every count waits in memory, where the cap applies.
    t = await startTestApp({ LOG_LEVEL: "silent", METRICS_TOKEN: TOKEN, ANALYTICS_RATE_LIMIT_MAX: "1000", ANALYTICS_FLUSH_MS: "600000" });
  });
  afterAll(() => t.close());

  it("counts each visit whose referrer came past the cap, by dimension", async () => {
    const over = 5;
    for (let i = 0; i < ANALYTICS_KEYS_PER_DAY_MAX + over; i += 1) {
      const event = { e: "view", p: "/", x: 1, v: { l: "/", r: `https://spam-${i}.example/` } };
      const response = await t.app.inject({
        method: "POST",
        url: EVENT_ENDPOINT,
        payload: JSON.stringify(event),
        remoteAddress: "203.0.113.9",
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" },
      });
      expect(response.statusCode).toBe(204);
    }
    const text = await scrape(t.app);
    // One visitor: after the first view only the visit is counted by referrer.
    expect(sample(text, "analytics_keys_dropped_total", { dimension: "referrer" })).toBe(over);
    expect(sample(text, "analytics_keys_dropped_total", { dimension: "campaign" })).toBeUndefined();
  });
});
