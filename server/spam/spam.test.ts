import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints, type OwnerActionEntry, type Page, type SpamSummary } from "../../contract/admin";
import { CHALLENGE_ENDPOINT, CONTACT_ENDPOINT, headers } from "../../contract/lead";
import type { Database } from "../store/schema";
import { postgresReachable, shouldRun } from "../store/databases.test-support";
import type { TestApp } from "../app.test-support";
import { startSpamTestApp, type SpamTestApp } from "./spam-app.test-support";
import { formPostHeaders, pageScriptHeaders, solvedProof, type Challenge } from "./browser-post.test-support";

// Suspected spam through the real app on SQLite and PostgreSQL: what is held
// and why, that nothing held is delivered, and the owner's Spam view: release
// (once), delete, export, purge, erasure and subject access.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const enquiry = (fields: Record<string, string> = {}) => ({
  name: "Ann Example",
  email: "ann@example.co.uk",
  salutation: "Freelancer",
  sector: "",
  you_need: "",
  message: "We need help with payroll.",
  ...fields,
});
/** What a hydrated form's fetch sends besides the fields: the browser's own headers, and how long the form was on screen. */
const fromScript = { ...pageScriptHeaders, [headers.shownMs]: "9000", [headers.fillMs]: "7000" };
/** A browser's own form post (JavaScript off, or pressed before the form hydrated). */
const navigation = formPostHeaders;
/** An older browser without JavaScript: no Fetch Metadata at all. */
const olderBrowser = { "user-agent": formPostHeaders["user-agent"], accept: formPostHeaders.accept };
/** A plain HTTP client: nothing but the body. */
const bare = {};

describe.each(kinds)("suspected spam on %s", (kind) => {
  let spamApp: SpamTestApp;
  let t: TestApp;
  let db: Kysely<Database>;

  const submit = (fields: object, extra: Record<string, string> = {}) => t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: fields, headers: extra });
  /** A browser's own form post: urlencoded, as a form without JavaScript sends it. */
  const post = (fields: Record<string, string>, extra: Record<string, string>) =>
    t.app.inject({ method: "POST", url: CONTACT_ENDPOINT, payload: new URLSearchParams(fields).toString(), headers: { ...extra, "content-type": "application/x-www-form-urlencoded" } });
  const admin = (method: "GET" | "POST" | "DELETE", url: string) => spamApp.admin(method, url);
  /** A proof of work as the browser makes it: a challenge from the server, solved. */
  const proof = async () => solvedProof((await t.app.inject({ method: "GET", url: CHALLENGE_ENDPOINT })).json() as Challenge);
  const held = (email: string) => db.selectFrom("suspected_spam").selectAll().where("email", "=", email).execute();
  const enquiries = (email: string) => db.selectFrom("enquiries").selectAll().where("email", "=", email).execute();
  const outboxOf = (email: string) => db.selectFrom("outbox").select(["topic", "lead_id"]).where("lead_email", "=", email).execute();

  beforeAll(async () => {
    spamApp = await startSpamTestApp(kind, "on");
    ({ t, db } = spamApp);
  });
  afterAll(() => spamApp.close());

  it("issues a fresh, uncached challenge and sets no cookie", async () => {
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: "GET", url: CHALLENGE_ENDPOINT })));
    expect(a!.statusCode).toBe(200);
    expect(a!.headers["cache-control"]).toBe("no-store");
    expect(a!.headers["set-cookie"]).toBeUndefined();
    expect(a!.json()).toMatchObject({ algorithm: "SHA-256", maxnumber: expect.any(Number) });
    expect(a!.json().signature).not.toBe(b!.json().signature);
  });

  it("holds a script's honeypot-filled post with its reasons, answering as for a lead and sending nothing", async () => {
    const email = "bot1@example.co.uk";
    const response = await submit({ ...enquiry({ email }), website: "https://spam.example" }, bare);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, data: { status: true } });
    expect(await enquiries(email)).toHaveLength(0);
    const [row] = await held(email);
    expect(JSON.parse(row!.reasons)).toEqual(["honeypot", "no-browser"]);
    expect(row).toMatchObject({ kind: "enquiry", score: 4 });
    expect(JSON.parse(row!.fields)).toMatchObject({ name: "Ann Example", message: "We need help with payroll." });
    expect(await outboxOf(email)).toEqual([]);
  });

  it("holds a no-JavaScript post, also from an older browser with a password manager, as not confirmed, sending nothing, and answers with its page", async () => {
    const nojs = "nojs@example.co.uk";
    const response = await post(enquiry({ email: nojs }), navigation);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("<dd>We need help with payroll.</dd>");
    expect(await enquiries(nojs)).toHaveLength(0);
    const [row] = await held(nojs);
    expect(JSON.parse(row!.reasons)).toEqual(["not-confirmed"]);
    expect(await outboxOf(nojs)).toEqual([]);
    const older = "older@example.co.uk";
    const links = "My work: https://ann.example and github.com/ann";
    expect((await post({ ...enquiry({ email: older, message: links }), website: "ann@example.co.uk" }, olderBrowser)).statusCode).toBe(200);
    expect(await enquiries(older)).toHaveLength(0);
    expect(JSON.parse((await held(older))[0]!.reasons)).toEqual(["honeypot", "not-confirmed", "links"]);
    expect(await outboxOf(older)).toEqual([]);
  });

  it("stores a password manager's honeypot with a proof", async () => {
    const manager = "manager@example.co.uk";
    const response = await submit({ ...enquiry({ email: manager }), website: "ann@example.co.uk" }, { ...fromScript, [headers.proofOfWork]: await proof() });
    expect(response.statusCode).toBe(200);
    expect(await enquiries(manager)).toHaveLength(1);
    expect((await outboxOf(manager)).map((row) => row.topic).sort()).toEqual(["lead-webhook", "team-notification"]);
  });

  it("stores an autofilled form sent 1.3 s after it appeared with its proof, and holds one filled at machine speed", async () => {
    const autofill = "autofill@example.co.uk";
    await submit(enquiry({ email: autofill }), { ...fromScript, [headers.proofOfWork]: await proof(), [headers.shownMs]: "1300", [headers.fillMs]: "700" });
    expect(await enquiries(autofill)).toHaveLength(1);
    const machine = "machine@example.co.uk";
    await submit(enquiry({ email: machine }), { ...fromScript, [headers.proofOfWork]: await proof(), [headers.fillMs]: "40" });
    expect(await enquiries(machine)).toHaveLength(0);
    expect(JSON.parse((await held(machine))[0]!.reasons)).toEqual(["too-fast"]);
    // Without the browser's own measure, the time since the form was rendered, by the client's clock.
    const clock = "clock@example.co.uk";
    const { [headers.shownMs]: _shown, ...withoutShown } = fromScript;
    await submit(enquiry({ email: clock }), { ...withoutShown, [headers.proofOfWork]: await proof(), [headers.renderedAt]: String(Date.now() - 100) });
    expect(JSON.parse((await held(clock))[0]!.reasons)).toEqual(["too-fast"]);
  });

  it("holds a forged proof, and a proof sent again by another submission; a retry of the same submission is not a replay", async () => {
    const forged = "forged@example.co.uk";
    const good = JSON.parse(Buffer.from(await proof(), "base64").toString()) as Record<string, unknown>;
    const bad = Buffer.from(JSON.stringify({ ...good, number: (good.number as number) + 1 })).toString("base64");
    await submit(enquiry({ email: forged }), { ...fromScript, [headers.proofOfWork]: bad });
    expect(JSON.parse((await held(forged))[0]!.reasons)).toEqual(["pow-invalid"]);

    const first = "first@example.co.uk";
    const spent = await proof();
    const key = { [headers.idempotencyKey]: "submission-1" };
    const answers = await Promise.all([1, 2].map(() => submit(enquiry({ email: first }), { ...fromScript, ...key, [headers.proofOfWork]: spent })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await enquiries(first)).toHaveLength(1);
    expect(await held(first)).toHaveLength(0);

    const replayer = "replayer@example.co.uk";
    await submit(enquiry({ email: replayer }), { ...fromScript, [headers.proofOfWork]: spent });
    expect(JSON.parse((await held(replayer))[0]!.reasons)).toEqual(["pow-replayed"]);
    // A copied request: the same key and proof, other addresses.
    const copied = "copied@example.co.uk";
    await submit(enquiry({ email: copied }), { ...fromScript, ...key, [headers.proofOfWork]: spent });
    expect(JSON.parse((await held(copied))[0]!.reasons)).toEqual(["pow-replayed"]);
  });

  it("holds the page's request without its proof, whatever headers it copied", async () => {
    const stripped = "stripped@example.co.uk";
    await submit(enquiry({ email: stripped }), { ...fromScript, [headers.idempotencyKey]: "copied-1" });
    expect(JSON.parse((await held(stripped))[0]!.reasons)).toEqual(["pow-missing"]);
  });

  it("holds a browser that says it is automated, and a script with only Node's Sec-Fetch-Mode", async () => {
    const driven = "driven@example.co.uk";
    await submit(enquiry({ email: driven }), { ...fromScript, [headers.proofOfWork]: await proof(), [headers.automated]: "1" });
    expect(JSON.parse((await held(driven))[0]!.reasons)).toEqual(["automated"]);
    const undici = "undici@example.co.uk";
    await submit(enquiry({ email: undici }), { "sec-fetch-mode": "cors", "user-agent": "node" });
    expect(JSON.parse((await held(undici))[0]!.reasons)).toEqual(["no-browser"]);
  });

  it("holds link spam even with a proof, and notes a foreign script without holding it alone", async () => {
    const links = "links@example.co.uk";
    const message = "Cheap pills https://a.example https://b.example www.c.example d.shop e.shop f.top g.top h.xyz";
    await submit(enquiry({ email: links, message }), { ...fromScript, [headers.proofOfWork]: await proof() });
    expect(JSON.parse((await held(links))[0]!.reasons)).toEqual(["links"]);
    const script = "script@example.co.uk";
    await submit(enquiry({ email: script, message: "Здравствуйте, нам нужна помощь с зарплатой" }), { ...fromScript, [headers.proofOfWork]: await proof() });
    expect(await enquiries(script)).toHaveLength(1);
  });

  it("holds a bot's newsletter sign-up: no subscriber, no confirmation email to a stranger", async () => {
    const email = "victim@example.co.uk";
    await submit({ email }, bare);
    expect(await db.selectFrom("subscribers").selectAll().where("email", "=", email).execute()).toHaveLength(0);
    expect(await held(email)).toHaveLength(1);
    expect(await outboxOf(email)).toEqual([]);
  });

  it("lists held submissions for the owner with their reasons, a count and search", async () => {
    expect((await t.app.inject({ method: "GET", url: adminEndpoints.spam })).statusCode).toBe(401);
    const count = (await admin("GET", adminEndpoints.spamCount)).json() as { total: number };
    const page = (await admin("GET", `${adminEndpoints.spam}?q=bot1`)).json() as Page<SpamSummary>;
    expect(count.total).toBeGreaterThanOrEqual(6);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ email: "bot1@example.co.uk", kind: "enquiry", reasons: ["honeypot", "no-browser"] });
    const byMessage = (await admin("GET", `${adminEndpoints.spam}?q=cheap%20pills`)).json() as Page<SpamSummary>;
    expect(byMessage.items.map((item) => item.email)).toEqual(["links@example.co.uk"]);
    // The inbox's main list never shows them.
    const inbox = (await admin("GET", `${adminEndpoints.enquiries}?q=bot1`)).json() as Page<unknown>;
    expect(inbox.total).toBe(0);
    // Each view of the held words and addresses is recorded, by count and filter only.
    const activity = (await admin("GET", adminEndpoints.activity)).json() as Page<OwnerActionEntry>;
    const views = activity.items.filter((entry) => entry.action === "lead-list" && entry.detail.kind === "spam");
    expect(views.map((entry) => entry.detail)).toEqual([
      { kind: "spam", rows: 1, total: 1, page: 1, filters: "q" },
      { kind: "spam", rows: 1, total: 1, page: 1, filters: "q" },
    ]);
    expect(JSON.stringify(views)).not.toContain("bot1");
  });

  it("releases a held enquiry as an accepted lead, once, and audits it", async () => {
    const email = "bot1@example.co.uk";
    const [row] = await held(email);
    const [first, second] = [await admin("POST", adminEndpoints.spamRelease(row!.id)), await admin("POST", adminEndpoints.spamRelease(row!.id))];
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(404);
    const [stored] = await enquiries(email);
    expect(first.json()).toEqual({ kind: "enquiry", enquiryId: stored!.id });
    // Kept its time of receipt; its team email and CRM call queued once.
    expect(stored!.created_at).toBe(row!.created_at);
    expect((await outboxOf(email)).map((item) => item.topic).sort()).toEqual(["lead-webhook", "team-notification"]);
    expect(await held(email)).toHaveLength(0);
    const activity = (await admin("GET", adminEndpoints.activity)).json() as Page<OwnerActionEntry>;
    expect(activity.items[0]).toMatchObject({ action: "spam-release", detail: { id: row!.id, kind: "enquiry", enquiry: stored!.id } });
  });

  it("releases a held sign-up with its confirmation email, and deletes another", async () => {
    const [signup] = await held("victim@example.co.uk");
    expect((await admin("POST", adminEndpoints.spamRelease(signup!.id))).json()).toEqual({ kind: "newsletter", enquiryId: null });
    expect((await outboxOf("victim@example.co.uk")).map((item) => item.topic).sort()).toEqual(["confirm-subscription", "lead-webhook"]);
    const [forged] = await held("forged@example.co.uk");
    expect((await admin("DELETE", adminEndpoints.spamItem(forged!.id))).statusCode).toBe(200);
    expect((await admin("DELETE", adminEndpoints.spamItem(forged!.id))).statusCode).toBe(404);
    expect(await held("forged@example.co.uk")).toHaveLength(0);
    const activity = (await admin("GET", adminEndpoints.activity)).json() as Page<OwnerActionEntry>;
    expect(activity.items[0]).toMatchObject({ action: "spam-delete", detail: { id: forged!.id } });
  });

  it("exports held submissions marked as suspected spam, and includes them in a subject access export", async () => {
    const csv = (await admin("GET", adminEndpoints.spamCsv)).body;
    expect(csv.split("\r\n")[0]).toMatch(/^id,created_at,suspected_spam,reasons,score,kind,/);
    expect(csv).toContain("links@example.co.uk");
    expect(csv).toMatch(/,yes,links,3,enquiry,/);
    const person = await spamApp.admin("POST", adminEndpoints.person, { email: "links@example.co.uk" });
    expect(person.json().suspectedSpam).toEqual([expect.objectContaining({ suspected_spam: true, reasons: ["links"], email: "links@example.co.uk" })]);
  });

  it("erases held submissions with the address", async () => {
    const erased = await spamApp.admin("POST", adminEndpoints.erase, { email: "replayer@example.co.uk" });
    expect(erased.json()).toMatchObject({ spam: 1 });
    expect(await held("replayer@example.co.uk")).toHaveLength(0);
  });

  it("purges held submissions after RETENTION_SPAM_DAYS (30), counted from receipt", async () => {
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    const recent = new Date(Date.now() - 29 * 24 * 60 * 60 * 1000).toISOString();
    await db.updateTable("suspected_spam").set({ created_at: old }).where("email", "=", "machine@example.co.uk").execute();
    await db.updateTable("suspected_spam").set({ created_at: recent }).where("email", "=", "links@example.co.uk").execute();
    const purged = (await admin("POST", adminEndpoints.purge)).json() as { spam: number };
    expect(purged.spam).toBe(1);
    expect(await held("machine@example.co.uk")).toHaveLength(0);
    expect(await held("links@example.co.uk")).toHaveLength(1);
  });
});
