import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { NEWSLETTER_CONFIRM_ENDPOINT } from "../../contract/newsletter";
import { startTestApp, type TestApp } from "../app.test-support";
import { outboxReader, parseMail, smtpPeer, waitFor, type SmtpPeer } from "./peers.test-support";

// The outbox against a real SMTP server (smtp-server on 127.0.0.1): what each
// lead sends, its headers, and delivery surviving an outage exactly once.

const fast = { OUTBOX_POLL_MS: "50", OUTBOX_BASE_DELAY_MS: "20", OUTBOX_MAX_DELAY_MS: "200", PUBLIC_SITE_URL: "https://www.example.co.uk" };

describe("email over SMTP", () => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let reader: Awaited<ReturnType<typeof outboxReader>>;

  beforeAll(async () => {
    smtp = await smtpPeer();
    t = await startTestApp({ ...fast, SMTP_URL: smtp.url, MAIL_FROM: "Freelancer Marketplace UK <no-reply@example.co.uk>", TEAM_EMAIL: "team@example.co.uk" });
    await t.app.ready();
    reader = await outboxReader(t.config);
  });
  afterAll(async () => {
    await reader.close();
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const subscribe = (email: string) => t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email } });
  const mailsTo = (address: string) => smtp.messages.filter((message) => message.to.includes(address));
  const outboxFor = (email: string) => reader.rowsFor(email);

  it("sends a confirmation with one-click unsubscribe headers, a visible unsubscribe link and nothing the visitor typed", async () => {
    const response = await subscribe("New.Reader@Example.co.uk");
    expect(response.statusCode).toBe(200);
    const [message] = await waitFor(() => mailsTo("new.reader@example.co.uk").length > 0 && mailsTo("new.reader@example.co.uk"), { what: "confirmation" });
    const mail = parseMail(message!.raw);
    expect(mail.headers.get("subject")).toBe("Please confirm your subscription to Freelancer Marketplace UK");
    expect(mail.headers.get("from")).toContain("no-reply@example.co.uk");
    expect(mail.headers.get("list-unsubscribe")).toMatch(/^<https:\/\/www\.example\.co\.uk\/api\/newsletter\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const [row] = await outboxFor("new.reader@example.co.uk");
    expect(mail.headers.get("message-id")).toBe(`<${row!.id}@example.co.uk>`);
    expect(mail.text).toMatch(/Confirm my subscription: https:\/\/www\.example\.co\.uk\/newsletter\/confirm\?token=[\w-]{43}\r?\n/);
    expect(mail.text).toMatch(/Unsubscribe: https:\/\/www\.example\.co\.uk\/newsletter\/unsubscribe\?token=/);
    expect(mail.html).toContain('<html lang="en-GB">');
    expect(mail.html).toContain(">Confirm my subscription</a>");
    // Nothing the visitor typed: not even the address, in any case.
    expect(message!.raw.toLowerCase()).not.toContain("new.reader@example.co.uk".replace("@", "&#64;"));
    expect(mail.text.toLowerCase()).not.toContain("new.reader");
    expect(mail.html.toLowerCase()).not.toContain("new.reader");
  });

  it("confirms once through the emailed link, and sends a confirmed address nothing more", async () => {
    await subscribe("confirm.me@example.co.uk");
    const [message] = await waitFor(() => mailsTo("confirm.me@example.co.uk").length > 0 && mailsTo("confirm.me@example.co.uk"));
    const token = /newsletter\/confirm\?token=([\w-]+)/.exec(parseMail(message!.raw).text)![1]!;
    const confirmed = await t.app.inject({ method: "POST", url: NEWSLETTER_CONFIRM_ENDPOINT, payload: { token } });
    expect(confirmed.json()).toEqual({ outcome: "confirmed" });
    const again = await t.app.inject({ method: "POST", url: NEWSLETTER_CONFIRM_ENDPOINT, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ outcome: "invalid" });
    const row = (await t.app.leads.listSubscribers()).find((item) => item.email === "confirm.me@example.co.uk")!;
    expect(row).toMatchObject({ status: "confirmed", confirm_token_hash: null });
    expect(row.confirmed_at).toBeTruthy();
    expect(row.confirm_ip_hash).toMatch(/^[0-9a-f]{64}$/);

    const before = (await outboxFor("confirm.me@example.co.uk")).length;
    expect((await subscribe("confirm.me@example.co.uk")).statusCode).toBe(200);
    expect((await outboxFor("confirm.me@example.co.uk")).length).toBe(before);
  });

  it("unsubscribes with the RFC 8058 one-click POST to the List-Unsubscribe URL", async () => {
    await subscribe("leaving@example.co.uk");
    const [message] = await waitFor(() => mailsTo("leaving@example.co.uk").length > 0 && mailsTo("leaving@example.co.uk"));
    const target = new URL(/^<(.+)>$/.exec(parseMail(message!.raw).headers.get("list-unsubscribe")!)![1]!);
    const response = await t.app.inject({
      method: "POST",
      url: `${target.pathname}${target.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: "unsubscribed" });
    const row = (await t.app.leads.listSubscribers()).find((item) => item.email === "leaving@example.co.uk")!;
    expect(row.status).toBe("unsubscribed");
    expect(row.unsubscribed_at).toBeTruthy();
  });

  it("sends the team one notification per enquiry with every field, Reply-To the enquirer and escaped HTML", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: CONTACT_ENDPOINT,
      headers: { "idempotency-key": "team-1" },
      payload: { name: "Ann <b>Smith</b>", email: "ann@example.co.uk", phone: "+44 7700 900123", salutation: "Agency", sector: "Healthcare,Construction", you_need: "Payroll,Training", message: "Line one\r\nBcc: evil@example.com\n<script>alert(1)</script>" },
    });
    expect(response.statusCode).toBe(200);
    // A retry of the same submission sends nothing more.
    await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, headers: { "idempotency-key": "team-1" }, payload: { name: "Ann <b>Smith</b>", email: "ann@example.co.uk", salutation: "Agency" } });
    const [message] = await waitFor(() => mailsTo("team@example.co.uk").length > 0 && mailsTo("team@example.co.uk"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo("team@example.co.uk")).toHaveLength(1);
    expect(message!.to).toEqual(["team@example.co.uk"]);
    const mail = parseMail(message!.raw);
    expect(mail.headers.get("subject")).toBe("New enquiry: Agency – Payroll, Training");
    expect(mail.headers.get("reply-to")).toBe("ann@example.co.uk");
    expect(mail.headers.has("bcc")).toBe(false);
    for (const value of ["Ann <b>Smith</b>", "+44 7700 900123", "Healthcare, Construction", "Payroll, Training", "<script>alert(1)</script>"]) expect(mail.text).toContain(value);
    expect(mail.html).toContain("Ann &#60;b&#62;Smith&#60;/b&#62;");
    expect(mail.html).not.toContain("<script>");
  });

  it("names 'no needs given' in the subject when none were chosen", async () => {
    await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { name: "Bo", email: "bo@example.co.uk", salutation: "Freelancer" } });
    const [message] = await waitFor(() => mailsTo("team@example.co.uk").length > 0 && mailsTo("team@example.co.uk"));
    expect(parseMail(message!.raw).headers.get("subject")).toBe("New enquiry: Freelancer – no needs given");
  });

  it("holds mail while the SMTP server is down, then delivers every item exactly once", async () => {
    await smtp.down();
    const addresses = ["outage1@example.co.uk", "outage2@example.co.uk", "outage3@example.co.uk"];
    // Accepting a lead never waits for the mail server: each is accepted while it is down.
    for (const email of addresses) expect((await subscribe(email)).statusCode).toBe(200);
    await waitFor(async () => (await outboxFor(addresses[0]!)).some((row) => row.attempts >= 2), { what: "failed attempts" });
    expect(smtp.messages).toHaveLength(0);
    await smtp.up();
    await waitFor(async () => (await Promise.all(addresses.map(outboxFor))).flat().every((row) => row.status === "sent"), { what: "delivery after the outage" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const email of addresses) expect(mailsTo(email)).toHaveLength(1);
    const [row] = await outboxFor(addresses[0]!);
    const attempts = await reader.attempts(row!.id);
    expect(attempts.filter((attempt) => attempt.ok === 1)).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.ok === 0).length).toBeGreaterThanOrEqual(2);
    expect(attempts.find((attempt) => attempt.ok === 0)!.error).toMatch(/ECONNREFUSED|connect/i);
    expect(attempts.find((attempt) => attempt.ok === 1)!.response).toMatch(/^250/);
  });

  it("gives up on a recipient the server rejects permanently (5xx), recording why", async () => {
    smtp.rejectRecipients.add("nobody@example.co.uk");
    await subscribe("nobody@example.co.uk");
    const [row] = await waitFor(async () => {
      const rows = await outboxFor("nobody@example.co.uk");
      return rows[0]?.status === "failed" && rows;
    }, { what: "a failed row" });
    expect(row!.last_error).toMatch(/550|Mailbox does not exist/);
    expect(row!.attempts).toBe(1);
    expect(t.logs.join("\n")).not.toContain("nobody@example.co.uk");
  });
});
