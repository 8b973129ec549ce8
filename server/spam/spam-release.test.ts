import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints, spamReleaseNotices, type OwnerActionEntry, type Page, type SpamRelease } from "../../contract/admin";
import { CONTACT_ENDPOINT } from "../../contract/lead";
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_UNSUBSCRIBE_ENDPOINT } from "../../contract/newsletter";
import { unsubscribeToken } from "../newsletter/tokens";
import type { Database } from "../store/schema";
import { postgresReachable, shouldRun } from "../store/databases.test-support";
import type { TestApp } from "../app.test-support";
import { startSpamTestApp, type SpamTestApp } from "./spam-app.test-support";

// "Not spam" on a held newsletter sign-up, through the real app on SQLite and
// PostgreSQL: the consent recorded is the person's, at the time they signed
// up; and an address that unsubscribed after that sign-up stays unsubscribed,
// with nothing sent and the owner told why.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe.each(kinds)("releasing a held sign-up on %s", (kind) => {
  let spamApp: SpamTestApp;
  let t: TestApp;
  let db: Kysely<Database>;

  const admin = (method: "GET" | "POST", url: string) => spamApp.admin(method, url);
  const subscriber = (email: string) => db.selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst();
  const outboxOf = (email: string) => db.selectFrom("outbox").select("topic").where("lead_email", "=", email).execute();
  /** A sign-up held as suspected spam, received `days` ago. */
  async function hold(email: string, days: number) {
    const id = await t.app.spam.quarantine({
      kind: "newsletter",
      email,
      fields: { email },
      reasons: ["pow-missing", "no-browser"],
      score: 2,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      sourcePage: "/",
      userAgent: null,
      ipHash: null,
    });
    const createdAt = daysAgo(days);
    await db.updateTable("suspected_spam").set({ created_at: createdAt }).where("id", "=", id).execute();
    return { id, createdAt };
  }
  /** Signs up as a person would, then leaves by the email's one-click link `days` ago. */
  async function signUpThenUnsubscribe(email: string, days: number) {
    const response = await t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: { email } });
    expect(response.statusCode).toBe(200);
    const row = await subscriber(email);
    expect(row).toBeDefined();
    const left = await t.app.inject({ method: "POST", url: NEWSLETTER_UNSUBSCRIBE_ENDPOINT, payload: { token: unsubscribeToken(t.app.secrets.unsubscribe, row!.id) } });
    expect(left.json()).toEqual({ outcome: "unsubscribed" });
    await db.updateTable("subscribers").set({ unsubscribed_at: daysAgo(days), updated_at: daysAgo(days) }).where("id", "=", row!.id).execute();
  }

  // Nothing the test sends itself is held: what is held, it puts there.
  beforeAll(async () => {
    spamApp = await startSpamTestApp(kind, "off");
    ({ t, db } = spamApp);
  });
  afterAll(() => spamApp.close());

  it("records the time the person signed up as the consent's, not the time of release", async () => {
    const email = "late-release@example.co.uk";
    const held = await hold(email, 3);
    const released = await admin("POST", adminEndpoints.spamRelease(held.id));
    expect(released.json()).toEqual({ kind: "newsletter", enquiryId: null });
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "pending", consent_at: held.createdAt, created_at: held.createdAt, consent_version: NEWSLETTER_CONSENT_VERSION });
    // The confirmation is sent now, so its link lives its full week from now.
    expect(Date.parse(row!.confirm_expires_at!)).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect((await outboxOf(email)).map((item) => item.topic).sort()).toEqual(["confirm-subscription", "lead-webhook"]);
  });

  it("keeps an address that unsubscribed after the held sign-up unsubscribed, sends nothing and says why", async () => {
    const email = "changed-mind@example.co.uk";
    await signUpThenUnsubscribe(email, 1);
    const before = await subscriber(email);
    const sent = (await outboxOf(email)).length;
    const held = await hold(email, 2);

    const released = await admin("POST", adminEndpoints.spamRelease(held.id));
    expect(released.statusCode).toBe(200);
    expect(released.json<SpamRelease>()).toEqual({
      kind: "newsletter",
      enquiryId: null,
      notice: { reason: "unsubscribed-since", message: spamReleaseNotices["unsubscribed-since"] },
    });
    expect(await subscriber(email)).toEqual(before);
    expect(await outboxOf(email)).toHaveLength(sent);
    // Out of Spam all the same: the owner decided, and the answer said what came of it.
    expect((await admin("POST", adminEndpoints.spamRelease(held.id))).statusCode).toBe(404);
    const activity = (await admin("GET", adminEndpoints.activity)).json<Page<OwnerActionEntry>>();
    expect(activity.items[0]).toMatchObject({ action: "spam-release", detail: { id: held.id, kind: "newsletter", notice: "unsubscribed-since" } });
  });

  it("subscribes again an address that unsubscribed before the held sign-up, consent from the sign-up", async () => {
    const email = "came-back@example.co.uk";
    await signUpThenUnsubscribe(email, 5);
    const sent = (await outboxOf(email)).length;
    const held = await hold(email, 2);

    expect((await admin("POST", adminEndpoints.spamRelease(held.id))).json()).toEqual({ kind: "newsletter", enquiryId: null });
    expect(await subscriber(email)).toMatchObject({ status: "pending", consent_at: held.createdAt, unsubscribed_at: null });
    expect((await outboxOf(email)).length).toBe(sent + 2);
  });
});
