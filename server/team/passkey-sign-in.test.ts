import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { teamEndpoints, type SignInState } from "../../contract/team";
import { SoftwarePasskey } from "../../scripts/software-passkey";
import { SESSION_COOKIE } from "../admin/session";
import { signedInAs, signIn, startTestApp, TEST_PASSWORD, type TestApp } from "../app.test-support";
import { openDatabase } from "../store/database";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { DEVICE_COOKIE } from "./device-cookie";
import { ACCOUNT_LOCK_AFTER, PASSKEY_EXPIRED, PASSKEY_OPTIONS_MAX, PASSKEY_REFUSED } from "./sign-in-routes";
import { CHALLENGE_TTL_MS } from "./second-factor/second-factors";

// A sign-in by a passkey alone (the email field's autofill, or "Sign in with a
// passkey"), through the real app on SQLite and PostgreSQL: a user-verified
// passkey is both factors and opens a complete session as a two-step sign-in
// does; its challenge is single-use and short-lived; the account's lock and
// the total never refuse it, the per-address limit does.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);
const SITE = "https://team.example.co.uk";
const SIGN_IN_MAX = 8;

/** The cookies a response sets, as `name=value`, by name. */
const cookiesOf = (response: { headers: Record<string, unknown> }) =>
  Object.fromEntries([response.headers["set-cookie"] ?? []].flat().map((line) => String(line).split(";")[0]!).map((pair) => [pair.slice(0, pair.indexOf("=")), pair]));

let addresses = 0;
/** A client address of its own for each test, so the per-address limit of one never meets another. */
const newAddress = () => `203.0.113.${++addresses}`;

describe.each(kinds)("a passkey alone signs in, on %s", (kind) => {
  let scratch: ScratchDatabase;
  let t: TestApp;

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    t = await startTestApp({
      LOG_LEVEL: "silent",
      PUBLIC_SITE_URL: SITE,
      ADMIN_SIGNIN_MAX: String(SIGN_IN_MAX),
      ADMIN_SIGNIN_TOTAL_MAX: "3",
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
    });
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  const post = (url: string, remoteAddress: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: "POST", url, remoteAddress, headers: { origin: SITE, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

  /** A person of the team with a passkey registered through the API, as the account screen does. */
  async function personWithPasskey(role: "owner" | "editor" = "editor") {
    const { cookie, person } = await signedInAs(t.app, role, { email: `${role}-${++addresses}@team.example`, secondFactor: false });
    const passkey = new SoftwarePasskey(SITE, { step: 1 });
    const options = await post(teamEndpoints.passkeyOptions, newAddress(), undefined, cookie);
    expect(options.statusCode).toBe(200);
    // New passkeys are asked to be discoverable: they can then be chosen without an email.
    expect(options.json()).toMatchObject({ authenticatorSelection: { residentKey: "preferred" } });
    const added = await post(teamEndpoints.passkeyVerify, newAddress(), { response: passkey.register(options.json()) }, cookie);
    expect(added.statusCode).toBe(200);
    return { person, passkey };
  }

  async function passkeyOnly(passkey: SoftwarePasskey, from: string, answer: { userVerified?: boolean } = {}) {
    const options = await post(teamEndpoints.passkeyOnlyOptions, from);
    expect(options.statusCode).toBe(200);
    const body = options.json<{ challenge: string; rpId: string; allowCredentials?: unknown[]; userVerification: string }>();
    const response = passkey.authenticate(body, SITE, answer);
    return { options: body, response, answer: await post(teamEndpoints.passkeyOnlyVerify, from, { response }) };
  }

  it("signs a person in fully with a user-verified passkey: a complete session, the device cookie, and the sign-in in the trail", async () => {
    const { person, passkey } = await personWithPasskey();
    const { options, answer } = await passkeyOnly(passkey, newAddress());
    // No list: the device offers its own discoverable passkeys for the site, and must verify the person.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe("required");
    expect(options.rpId).toBe("team.example.co.uk");
    expect(answer.statusCode).toBe(200);
    expect(answer.json<SignInState>()).toEqual({ enabled: true, signedIn: true });
    const cookies = cookiesOf(answer);
    expect(Object.keys(cookies).sort()).toEqual([DEVICE_COOKIE, SESSION_COOKIE].sort());
    const status = await t.app.inject({ method: "GET", url: adminEndpoints.status, headers: { cookie: cookies[SESSION_COOKIE]! } });
    expect(status.json<SignInState>()).toEqual({ enabled: true, signedIn: true });
    const me = await t.app.inject({ method: "GET", url: teamEndpoints.me, headers: { cookie: cookies[SESSION_COOKIE]! } });
    expect(me.json()).toMatchObject({ email: person.email, confirmedUntil: expect.any(String) });
    const [entry] = (await t.app.audit.list({ page: 1, pageSize: 10, actor: person.email })).items.filter((row) => row.action === "sign-in");
    expect(entry?.detail).toEqual({ method: "passkey-only" });
    expect(entry?.address).toBeDefined();
  });

  it("refuses a passkey touched without its user verification, and the used challenge with it", async () => {
    const { person, passkey } = await personWithPasskey();
    const from = newAddress();
    const { answer, response } = await passkeyOnly(passkey, from, { userVerified: false });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ statusCode: 401, message: PASSKEY_REFUSED });
    expect(answer.headers["set-cookie"]).toBeUndefined();
    // Answered once: the same answer again finds no challenge.
    const again = await post(teamEndpoints.passkeyOnlyVerify, from, { response });
    expect(again.json()).toEqual({ statusCode: 401, message: PASSKEY_EXPIRED });
    expect((await t.app.audit.list({ page: 1, pageSize: 10, actor: person.email })).items.some((row) => row.action === "sign-in")).toBe(false);
  });

  it("takes each challenge once, and not after it expired", async () => {
    const { passkey } = await personWithPasskey();
    const from = newAddress();
    const { answer, response } = await passkeyOnly(passkey, from);
    expect(answer.statusCode).toBe(200);
    const replayed = await post(teamEndpoints.passkeyOnlyVerify, from, { response });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ statusCode: 401, message: PASSKEY_EXPIRED });

    // A challenge past its time, as the store holds it: refused, though the answer is a good one.
    const options = (await post(teamEndpoints.passkeyOnlyOptions, from)).json<{ challenge: string; rpId: string }>();
    const late = passkey.authenticate(options, SITE);
    const { db } = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: t.config.dataDir });
    await db.updateTable("team_challenges").set({ expires_at: new Date(Date.now() - CHALLENGE_TTL_MS).toISOString() }).where("challenge", "=", options.challenge).execute();
    await db.destroy();
    const expired = await post(teamEndpoints.passkeyOnlyVerify, from, { response: late });
    expect(expired.json()).toEqual({ statusCode: 401, message: PASSKEY_EXPIRED });
  });

  it("refuses a passkey the team does not know, one whose user handle names someone else, and a removed person's", async () => {
    const stranger = new SoftwarePasskey(SITE);
    const from = newAddress();
    stranger.register({ challenge: "AAAA", rp: { id: "team.example.co.uk" }, user: { id: "c29tZW9uZQ" } });
    expect((await passkeyOnly(stranger, from)).answer.json()).toEqual({ statusCode: 401, message: PASSKEY_REFUSED });

    const { passkey } = await personWithPasskey();
    passkey.userHandle = Buffer.from("someone-else").toString("base64url");
    expect((await passkeyOnly(passkey, from)).answer.statusCode).toBe(401);

    const { person, passkey: removedOnes } = await personWithPasskey();
    await t.app.teamStore.removePerson(person.id);
    expect((await passkeyOnly(removedOnes, from)).answer.json()).toEqual({ statusCode: 401, message: PASSKEY_REFUSED });
    const failures = (await t.app.audit.list({ page: 1, pageSize: 50 })).items.filter((row) => row.action === "sign-in-failed" && row.detail.method === "passkey");
    expect(failures.map((row) => row.detail.reason)).toEqual(expect.arrayContaining(["invalid", "removed"]));
  });

  it("is never refused by the account's lock or the total, while wrong passwords meet both", async () => {
    const { person, passkey } = await personWithPasskey();
    // The account locked by wrong passwords from many addresses, and the total used up.
    for (let i = 0; i < ACCOUNT_LOCK_AFTER; i++) await signIn(t.app, { email: person.email, password: `wrong ${i}` }, { remoteAddress: newAddress() });
    const locked = await signIn(t.app, { email: person.email, password: TEST_PASSWORD }, { remoteAddress: newAddress() });
    expect(locked.statusCode).toBe(429);
    const { answer } = await passkeyOnly(passkey, newAddress());
    expect(answer.statusCode).toBe(200);
    expect(cookiesOf(answer)[SESSION_COOKIE]).toBeDefined();
  });

  it("is limited per address: past ADMIN_SIGNIN_MAX answers from one address, even a good one is refused unchecked", async () => {
    const { passkey } = await personWithPasskey();
    const from = newAddress();
    const made = new SoftwarePasskey(SITE);
    made.register({ challenge: "AAAA", rp: { id: "team.example.co.uk" }, user: { id: "bm9ib2R5" } });
    for (let i = 0; i < SIGN_IN_MAX; i++) expect((await passkeyOnly(made, from)).answer.statusCode).toBe(401);
    const { answer } = await passkeyOnly(passkey, from);
    expect(answer.statusCode).toBe(429);
    // Another address is not held up by that one's flood.
    expect((await passkeyOnly(passkey, newAddress())).answer.statusCode).toBe(200);
  });

  it("limits the ceremonies begun per address, well above the sign-ins", async () => {
    const from = newAddress();
    const begun = [];
    for (let i = 0; i < PASSKEY_OPTIONS_MAX; i++) begun.push((await post(teamEndpoints.passkeyOnlyOptions, from)).statusCode);
    expect(begun.every((status) => status === 200)).toBe(true);
    expect((await post(teamEndpoints.passkeyOnlyOptions, from)).statusCode).toBe(429);
  });

  it("refuses a malformed answer, and options asked with a body, with 400", async () => {
    const from = newAddress();
    expect((await post(teamEndpoints.passkeyOnlyVerify, from, { response: { id: "not base64url!" } })).statusCode).toBe(400);
    expect((await post(teamEndpoints.passkeyOnlyOptions, from, { email: "someone@example.com" })).statusCode).toBe(400);
  });
});
