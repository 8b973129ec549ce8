import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { analyticsEndpoints, type AnalyticsReport } from "../../contract/analytics";
import { CONFIRM_ENDPOINT, CONTACT_ENDPOINT } from "../../contract/lead";
import { paths } from "../../contract/paths";
import { CONFIRM_TOKEN_FIELD } from "../../contract/send-confirm";
import type { TestApp } from "../app.test-support";
import type { Database } from "../store/schema";
import { postgresReachable, shouldRun } from "../store/databases.test-support";
import { formPostHeaders } from "./browser-post.test-support";
import { CONFIRM_AFTER_MS, CONFIRM_TTL_MS, sendConfirmTokens } from "./send-confirm";
import { startSpamTestApp, type SpamTestApp } from "./spam-app.test-support";

// The one press that sends a form the browser posted itself (JavaScript off,
// or pressed before the form's code arrived), through the real app on SQLite
// and PostgreSQL: held as "not confirmed" with nothing sent, answered with the
// page showing what was sent; its Send button sends it on exactly as the
// owner's "Not spam" does, once, in its time, and a bad press changes nothing.
// Time is the test's own: the tokens' clock is Date, faked here.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);
const ID = "0b5a1c7e-2f43-4d8e-9a61-3c2b7d9e4f10";

describe("the confirmation token", () => {
  let now = 1_800_000_000_000;
  const tokens = sendConfirmTokens("secret-0123456789", () => now);

  it("sends from CONFIRM_AFTER_MS after it was issued until CONFIRM_TTL_MS", () => {
    const token = tokens.issue(ID);
    expect(tokens.check(token)).toEqual({ ok: false, reason: "early", id: ID, waitMs: CONFIRM_AFTER_MS });
    now += CONFIRM_AFTER_MS - 1;
    expect(tokens.check(token)).toMatchObject({ ok: false, reason: "early", waitMs: 1 });
    now += 1;
    expect(tokens.check(token)).toEqual({ ok: true, id: ID });
    now += CONFIRM_TTL_MS - CONFIRM_AFTER_MS - 1;
    expect(tokens.check(token)).toEqual({ ok: true, id: ID });
    now += 1;
    expect(tokens.check(token)).toEqual({ ok: false, reason: "expired" });
  });

  it("is not valid altered, for another submission, with another secret, cut short or not a string", () => {
    const token = tokens.issue(ID);
    now += CONFIRM_AFTER_MS;
    const other = "7d0c2b9e-1a43-4f8e-8b61-5c2b7d9e4f11";
    const [, , issuedAt, signature] = token.split(".");
    const invalid = { ok: false, reason: "invalid" };
    expect(tokens.check(`v1.${other}.${issuedAt}.${signature}`)).toEqual(invalid);
    expect(tokens.check(`v1.${ID}.${Number(issuedAt) - 60_000}.${signature}`)).toEqual(invalid);
    expect(tokens.check(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toEqual(invalid);
    expect(sendConfirmTokens("another-secret-0123", () => now).check(token)).toEqual(invalid);
    expect(tokens.check(token.slice(0, -5))).toEqual(invalid);
    expect(tokens.check(undefined)).toEqual(invalid);
    expect(tokens.check(["a"])).toEqual(invalid);
    expect(tokens.check(`${token}${"x".repeat(300)}`)).toEqual(invalid);
  });
});

describe.each(kinds)("a form posted without the page's script, on %s", (kind) => {
  let spamApp: SpamTestApp;
  let t: TestApp;
  let db: Kysely<Database>;

  const enquiry = (email: string) => ({ name: "Nora Script-Free", email, salutation: "Agency", sector: "", you_need: "", message: "We hire <b>ten</b> contractors." });
  /** The browser's own form post, urlencoded, as a form without JavaScript sends it. */
  const formPost = (url: string, fields: Record<string, string>) =>
    t.app.inject({ method: "POST", url, payload: new URLSearchParams(fields).toString(), headers: { ...formPostHeaders, "content-type": "application/x-www-form-urlencoded" } });
  const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const press = (token: string) => formPost(CONFIRM_ENDPOINT, { [CONFIRM_TOKEN_FIELD]: token });
  const held = (email: string) => db.selectFrom("suspected_spam").selectAll().where("email", "=", email).execute();
  const enquiries = (email: string) => db.selectFrom("enquiries").selectAll().where("email", "=", email).execute();
  const subscribers = (email: string) => db.selectFrom("subscribers").selectAll().where("email", "=", email).execute();
  const outboxOf = async (email: string) => (await db.selectFrom("outbox").select("topic").where("lead_email", "=", email).execute()).map((row) => row.topic).sort();
  /** Moves the app's clock (Date only: Fastify's own timers keep running). */
  const wait = (ms: number) => vi.setSystemTime(Date.now() + ms);

  beforeAll(async () => {
    spamApp = await startSpamTestApp(kind, "on");
    ({ t, db } = spamApp);
  });
  afterAll(() => spamApp.close());
  afterEach(() => vi.useRealTimers());

  it("holds an enquiry as not confirmed, sends nothing, and shows what was sent with one Send button", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = "nora@example.co.uk";
    const answer = await formPost(CONTACT_ENDPOINT, enquiry(email));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-store");
    // The page's own policy (no sandbox): its button must post.
    expect(answer.headers["content-security-policy"]).toContain("form-action 'self'");
    expect(answer.headers["content-security-policy"]).not.toContain("sandbox");
    // What was sent, under the form's labels, escaped.
    expect(answer.body).toContain("<dt>Name</dt><dd>Nora Script-Free</dd>");
    expect(answer.body).toContain("<dd>We hire &#60;b&#62;ten&#60;/b&#62; contractors.</dd>");
    expect(answer.body).not.toContain("<dt>Phone</dt>");
    expect(answer.body).toMatch(/<p data-send-early="" role="status" hidden="">/);
    const [row] = await held(email);
    expect(row).toMatchObject({ kind: "enquiry" });
    expect(JSON.parse(row!.reasons)).toEqual(["not-confirmed"]);
    expect(await enquiries(email)).toHaveLength(0);
    expect(await outboxOf(email)).toEqual([]);

    // Pressed at once: the same page again, asking to wait; nothing sent.
    const token = tokenIn(answer.body);
    const early = await press(token);
    expect(early.statusCode).toBe(425);
    expect(early.headers["retry-after"]).toBe(String(CONFIRM_AFTER_MS / 1000));
    expect(early.body).toMatch(/<p data-send-early="" role="status">/);
    expect(tokenIn(early.body)).toBe(token);
    expect(await enquiries(email)).toHaveLength(0);

    // Pressed after reading it: in the inbox, with its team email and CRM call, and the "received" page.
    wait(CONFIRM_AFTER_MS);
    const sent = await press(token);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(new RegExp(`${paths.contactReceived}$`));
    const [stored] = await enquiries(email);
    expect(stored).toMatchObject({ name: "Nora Script-Free", role: "Agency", created_at: row!.created_at });
    expect(await outboxOf(email)).toEqual(["lead-webhook", "team-notification"]);
    expect(await held(email)).toHaveLength(0);

    // Pressed again (Back, then Send): nothing more.
    const again = await press(token);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("<h1>Already sent</h1>");
    expect(await enquiries(email)).toHaveLength(1);
    expect(await outboxOf(email)).toEqual(["lead-webhook", "team-notification"]);
  });

  it("holds a double press of the native post once, and its one press sends one lead", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = "double@example.co.uk";
    const [first, second] = [await formPost(CONTACT_ENDPOINT, enquiry(email)), await formPost(CONTACT_ENDPOINT, enquiry(email))];
    expect(await held(email)).toHaveLength(1);
    wait(CONFIRM_AFTER_MS);
    expect((await press(tokenIn(second.body))).statusCode).toBe(303);
    expect((await press(tokenIn(first.body))).statusCode).toBe(409);
    expect(await enquiries(email)).toHaveLength(1);
    expect(await outboxOf(email)).toEqual(["lead-webhook", "team-notification"]);
  });

  it("holds a footer sign-up until its press, then sends the confirmation email, as Not spam would", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = "sign-up.nojs@example.co.uk";
    const answer = await formPost(CONTACT_ENDPOINT, { email });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`<dd>${email}</dd>`);
    expect(await subscribers(email)).toHaveLength(0);
    expect(await outboxOf(email)).toEqual([]);
    wait(CONFIRM_AFTER_MS + 1000);
    const sent = await press(tokenIn(answer.body));
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(new RegExp(`${paths.newsletterSubscribed}$`));
    expect(await subscribers(email)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(await outboxOf(email)).toEqual(["confirm-subscription", "lead-webhook"]);
  });

  it("counts a confirmed submission as its form's conversion once, and one never confirmed not at all", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    /** The dashboard's conversions today: each form's accepted leads, and the enquiries credited to a visit. */
    const conversions = async () => {
      await t.app.analyticsFlush?.();
      const today = new Date().toISOString().slice(0, 10);
      const report = (await spamApp.admin("GET", `${analyticsEndpoints.report}?from=${today}&to=${today}`)).json<AnalyticsReport>();
      const accepted = (form: string) => report.forms.find((row) => row.form === form)?.accepted;
      return { contact: accepted("contact"), newsletter: accepted("newsletter"), enquiries: report.totals.enquiries };
    };
    const before = await conversions();
    const enquiryPage = await formPost(CONTACT_ENDPOINT, enquiry("counted@example.co.uk"));
    const signUpPage = await formPost(CONTACT_ENDPOINT, { email: "counted.sign-up@example.co.uk" });
    // Held and never confirmed: in Spam, and no conversion.
    await formPost(CONTACT_ENDPOINT, enquiry("never-pressed@example.co.uk"));
    await formPost(CONTACT_ENDPOINT, { email: "never-pressed.sign-up@example.co.uk" });
    expect(await conversions()).toEqual(before);
    // Pressed too early: still nothing.
    expect((await press(tokenIn(enquiryPage.body))).statusCode).toBe(425);
    expect(await conversions()).toEqual(before);

    wait(CONFIRM_AFTER_MS);
    expect((await press(tokenIn(enquiryPage.body))).statusCode).toBe(303);
    expect((await press(tokenIn(signUpPage.body))).statusCode).toBe(303);
    const counted = { contact: before.contact! + 1, newsletter: before.newsletter! + 1, enquiries: before.enquiries + 1 };
    expect(await conversions()).toEqual(counted);
    // Pressed again (Back, then Send): sent once, counted once.
    expect((await press(tokenIn(enquiryPage.body))).statusCode).toBe(409);
    expect((await press(tokenIn(signUpPage.body))).statusCode).toBe(409);
    expect(await conversions()).toEqual(counted);
    expect(await held("never-pressed@example.co.uk")).toHaveLength(1);
  });

  it("answers an expired, altered or another's token with its page, changing nothing", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = "late@example.co.uk";
    const token = tokenIn((await formPost(CONTACT_ENDPOINT, enquiry(email))).body);
    wait(CONFIRM_TTL_MS);
    const expired = await press(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain("<h1>This page has expired</h1>");

    const other = tokenIn((await formPost(CONTACT_ENDPOINT, enquiry("other@example.co.uk"))).body);
    wait(CONFIRM_AFTER_MS);
    const [, otherId] = other.split(".");
    const [, , issuedAt, signature] = token.split(".");
    for (const bad of [`v1.${otherId}.${issuedAt}.${signature}`, `${other.slice(0, -2)}xx`, "", "not-a-token"]) {
      const answer = await press(bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain("<h1>This link is not valid</h1>");
    }
    // A script's press gets the contract's JSON instead of a page.
    const scripted = await t.app.inject({ method: "POST", url: CONFIRM_ENDPOINT, payload: { [CONFIRM_TOKEN_FIELD]: "forged" } });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json()).toMatchObject({ status: false });
    expect(await enquiries(email)).toHaveLength(0);
    expect(await enquiries("other@example.co.uk")).toHaveLength(0);
    expect(await held(email)).toHaveLength(1);
    expect(await outboxOf(email)).toEqual([]);
  });

  it("lets the owner release an unconfirmed one from Spam as today, after which its button sends nothing more", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = "owner-release@example.co.uk";
    const token = tokenIn((await formPost(CONTACT_ENDPOINT, enquiry(email))).body);
    const [row] = await held(email);
    const released = await spamApp.admin("POST", adminEndpoints.spamRelease(row!.id));
    expect(released.statusCode).toBe(200);
    wait(CONFIRM_AFTER_MS);
    expect((await press(token)).statusCode).toBe(409);
    expect(await enquiries(email)).toHaveLength(1);
    expect(await outboxOf(email)).toEqual(["lead-webhook", "team-notification"]);
  });

  it("keeps a classic bot's post held for more than the missing press: no page to confirm, only the owner releases it", async () => {
    const email = "classic-bot@example.co.uk";
    const pitch = "Rank first on Google: https://seo.example https://seo.example/offer www.cheap-links.example d.shop e.shop";
    const answer = await formPost(CONTACT_ENDPOINT, { ...enquiry(email), message: pitch, website: "https://seo.example" });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(new RegExp(`${paths.contactReceived}$`));
    expect(JSON.parse((await held(email))[0]!.reasons)).toEqual(["honeypot", "not-confirmed", "links"]);
    expect(await outboxOf(email)).toEqual([]);
  });
});
