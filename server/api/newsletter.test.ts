import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { NEWSLETTER_CONFIRM_ENDPOINT, NEWSLETTER_UNSUBSCRIBE_ENDPOINT } from "../../contract/newsletter";
import { paths } from "../../contract/paths";
import { MAIL_FOLDER } from "../mail/mailer";
import { loadConfig } from "../config";
import { backoffDelay } from "../outbox/backoff";
import { outboxReader, parseMail, waitFor } from "../outbox/peers.test-support";
import { startTestApp, type TestApp } from "../app.test-support";

// Double opt-in and unsubscribe without SMTP: every message lands as an .eml
// file in DATA_DIR/outbox-mail, which is what a fresh machine does.

describe("the newsletter without SMTP", () => {
  let t: TestApp;
  let reader: Awaited<ReturnType<typeof outboxReader>>;
  const folder = () => path.join(t.config.dataDir, MAIL_FOLDER);

  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_POLL_MS: "50", CONFIRMATION_RESEND_MIN_MS: "600000" });
    await t.app.ready();
    reader = await outboxReader(t.config);
  });
  afterAll(async () => {
    await reader.close();
    await t.close();
  });

  const subscribe = (email: string) => t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email } });
  const confirmationsFor = async (email: string) => (await reader.rowsFor(email)).filter((row) => row.topic === "confirm-subscription");
  /** The token in the confirm link of the latest confirmation email written for this address. */
  async function latestToken(email: string) {
    const rows = await confirmationsFor(email);
    const row = await waitFor(async () => {
      const last = (await confirmationsFor(email)).at(-1);
      return last?.status === "sent" && last;
    });
    expect(rows.length).toBeGreaterThan(0);
    const raw = await readFile(path.join(folder(), `${row.id}.eml`), "utf8");
    return /\/newsletter\/confirm\?token=([\w-]+)/.exec(parseMail(raw).text)![1]!;
  }
  const confirm = (token: string) => t.app.inject({ method: "POST", url: NEWSLETTER_CONFIRM_ENDPOINT, payload: { token } });

  it("writes each message to DATA_DIR/outbox-mail/<outbox id>.eml and logs the id, never the address", async () => {
    await subscribe("file@example.co.uk");
    // Another connection sees "sent" at the COMMIT; the worker logs once the WAL is synced, a moment later.
    const row = await waitFor(async () => (await confirmationsFor("file@example.co.uk")).find((item) => item.status === "sent" && t.logs.some((line) => line.includes(item.id))));
    expect(await readdir(folder())).toContain(`${row.id}.eml`);
    const raw = await readFile(path.join(folder(), `${row.id}.eml`), "utf8");
    expect(parseMail(raw).headers.get("to")).toBe("file@example.co.uk");
    const line = t.logs.find((item) => item.includes(row.id));
    expect(line).toContain('"outbox delivered"');
    expect(t.logs.join("\n")).not.toContain("file@example.co.uk");
    const [attempt] = await reader.attempts(row.id);
    expect(attempt!.response).toBe(`written to ${MAIL_FOLDER}/${row.id}.eml`);
  });

  it("answers every sign-up alike and sends a pending address at most one email per resend interval", async () => {
    const first = await subscribe("twice@example.co.uk");
    await latestToken("twice@example.co.uk");
    const second = await subscribe("twice@example.co.uk");
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json().message).toBe(first.json().message);
    expect(await confirmationsFor("twice@example.co.uk")).toHaveLength(1);
  });

  it("refuses an expired link, saying so, and confirms nobody", async () => {
    await subscribe("late@example.co.uk");
    const token = await latestToken("late@example.co.uk");
    // A write through a second connection in this thread would block it while a transaction
    // of the outbox worker's is still open: pause the worker.
    await t.app.outbox.stop();
    await reader.db.updateTable("subscribers").set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() }).where("email", "=", "late@example.co.uk").execute();
    t.app.outbox.start();
    const response = await confirm(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ outcome: "expired" });
    expect((await t.app.leads.listSubscribers()).find((row) => row.email === "late@example.co.uk")!.status).toBe("pending");
  });

  it("refuses an unknown or missing token", async () => {
    expect((await confirm("x".repeat(43))).json()).toEqual({ outcome: "invalid" });
    const empty = await t.app.inject({ method: "POST", url: NEWSLETTER_CONFIRM_ENDPOINT, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it("makes an unsubscribed address pending again on a new sign-up, with a new confirmation", async () => {
    await subscribe("back@example.co.uk");
    const row = await waitFor(async () => (await confirmationsFor("back@example.co.uk")).find((item) => item.status === "sent"));
    const raw = await readFile(path.join(folder(), `${row.id}.eml`), "utf8");
    const pageLink = new URL(/Unsubscribe: (\S+)/.exec(parseMail(raw).text)![1]!);
    expect(pageLink.pathname).toBe(paths.newsletterUnsubscribe);
    const token = pageLink.searchParams.get("token")!;
    const unsubscribed = await t.app.inject({ method: "POST", url: NEWSLETTER_UNSUBSCRIBE_ENDPOINT, payload: { token } });
    expect(unsubscribed.json()).toEqual({ outcome: "unsubscribed" });
    // Twice is harmless.
    expect((await t.app.inject({ method: "POST", url: NEWSLETTER_UNSUBSCRIBE_ENDPOINT, payload: { token } })).statusCode).toBe(200);
    expect((await t.app.leads.listSubscribers()).find((item) => item.email === "back@example.co.uk")!.status).toBe("unsubscribed");

    await subscribe("back@example.co.uk");
    await waitFor(async () => (await confirmationsFor("back@example.co.uk")).length === 2);
    const newToken = await latestToken("back@example.co.uk");
    expect((await confirm(newToken)).json()).toEqual({ outcome: "confirmed" });
  });

  it("refuses a forged unsubscribe token, and sends a GET of the one-click URL to the page instead of acting", async () => {
    const forged = await t.app.inject({ method: "POST", url: `${NEWSLETTER_UNSUBSCRIBE_ENDPOINT}?token=00000000-0000-4000-8000-000000000000.AAAA`, payload: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ outcome: "invalid" });
    const get = await t.app.inject({ method: "GET", url: `${NEWSLETTER_UNSUBSCRIBE_ENDPOINT}?token=abc.def` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`${paths.newsletterUnsubscribe}?token=abc.def`);
  });

  // A bot's sign-up is held as suspected spam and sends nothing: server/spam/spam.test.ts (this app runs with SPAM_FILTER off).
});

describe("a resend interval of zero", () => {
  it("sends a fresh token on every sign-up of a pending address; the old link stops working", async () => {
    const t = await startTestApp({ OUTBOX_POLL_MS: "50", CONFIRMATION_RESEND_MIN_MS: "0" });
    const reader = await outboxReader(t.config);
    try {
      await t.app.ready();
      await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "again@example.co.uk" } });
      await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email: "again@example.co.uk" } });
      const rows = await waitFor(async () => {
        const all = await reader.rowsFor("again@example.co.uk");
        return all.length === 2 && all.every((row) => row.status === "sent") && all;
      });
      const tokens = await Promise.all(
        rows.map(async (row) => /confirm\?token=([\w-]+)/.exec(parseMail(await readFile(path.join(t.config.dataDir, MAIL_FOLDER, `${row.id}.eml`), "utf8")).text)![1]!),
      );
      const confirm = (token: string) => t.app.inject({ method: "POST", url: NEWSLETTER_CONFIRM_ENDPOINT, payload: { token } });
      expect((await confirm(tokens[0]!)).json()).toEqual({ outcome: "invalid" });
      expect((await confirm(tokens[1]!)).json()).toEqual({ outcome: "confirmed" });
    } finally {
      await reader.close();
      await t.close();
    }
  });
});

describe("mail settings", () => {
  it("has working defaults and refuses a webhook URL without its secret", () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({ smtpUrl: undefined, from: "Freelancer Marketplace UK <no-reply@localhost>", teamEmail: "team@localhost" });
    expect(config.outbox).toEqual({ pollMs: 1000, baseDelayMs: 5000, maxDelayMs: 3_600_000 });
    expect(config.confirmationResendMinMs).toBe(600_000);
    expect(() => loadConfig({ LEADS_WEBHOOK_URL: "https://crm.example.co.uk/hook" })).toThrow(/LEADS_WEBHOOK_SECRET/);
    expect(() => loadConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: "a@b.c\r\nBcc: x@y.z" })).toThrow(/MAIL_FROM/);
  });

  it("backs off exponentially with full jitter, capped", () => {
    expect(backoffDelay(0, 5000, 3_600_000, () => 0.999)).toBe(4995);
    expect(backoffDelay(3, 5000, 3_600_000, () => 0.5)).toBe(20_000);
    expect(backoffDelay(40, 5000, 3_600_000, () => 0.999)).toBe(3_596_400);
    expect(backoffDelay(5, 5000, 3_600_000, () => 0)).toBe(0);
  });
});
