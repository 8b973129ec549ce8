import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONFIRM_IT_IS_YOU, RECOVERY_CODE_COUNT, teamEndpoints, type PasskeyInfo, type RecoveryCodes, type TotpSetup } from "../../../contract/team";
import { postgresReachable, shouldRun } from "../../store/databases.test-support";
import type { TeamMember } from "../team-types";
import { SITE_URL, startSecondFactorApp, type SecondFactorTestApp } from "./second-factor-app.test-support";
import { PERSON_CODE_ATTEMPTS_MAX, PERSON_CODE_WINDOW_MS, SECOND_STEP_ATTEMPTS_MAX } from "./second-factors";
import { SoftwarePasskey } from "../../../scripts/software-passkey";

// The second factors end to end through their routes, on SQLite and
// PostgreSQL: an authenticator app enrolled and used, recovery codes, passkeys
// registered and used by a software authenticator, and the limits on wrong tries.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
const recoveryCodeFormat = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

let people = 0;
const newPerson = (): TeamMember => {
  people += 1;
  return { id: `person-${people}`, email: `person${people}@example.co.uk`, name: `Person ${people}`, role: "owner" };
};

describe.each(kinds)("second factors on %s", (kind) => {
  let t: SecondFactorTestApp;

  beforeAll(async () => {
    t = await startSecondFactorApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    t.notified.length = 0;
    t.completed.length = 0;
  });

  /** Sets up an authenticator for the person: its secret and the recovery codes the first factor brings. */
  async function enrolTotp(person: TeamMember) {
    const me = t.session(person, "complete");
    const setup = await t.request("POST", teamEndpoints.totp, me);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json<TotpSetup>();
    // The code of the step before: the current one is then still unused for the sign-in that follows.
    const confirmed = await t.request("POST", teamEndpoints.totpConfirm, me, { code: codeAt(secret, t.clock.now - STEP_MS) });
    expect(confirmed.statusCode).toBe(200);
    return { me, secret, uri, codes: confirmed.json<RecoveryCodes>().codes };
  }

  async function enrolPasskey(person: TeamMember, me = t.session(person, "complete"), name?: string) {
    const authenticator = new SoftwarePasskey(SITE_URL, { step: 1 });
    const options = await t.request("POST", teamEndpoints.passkeyOptions, me);
    expect(options.statusCode).toBe(200);
    const response = authenticator.register(options.json(), SITE_URL);
    const verified = await t.request("POST", teamEndpoints.passkeyVerify, me, { response, ...(name === undefined ? {} : { name }) });
    expect(verified.statusCode).toBe(200);
    return { me, authenticator, ...verified.json<{ passkey: PasskeyInfo; codes: string[] }>() };
  }

  async function passkeySignIn(authenticator: SoftwarePasskey, cookie: string, origin = SITE_URL) {
    const options = await t.request("POST", teamEndpoints.passkeySignInOptions, cookie);
    expect(options.statusCode).toBe(200);
    const body = options.json<{ challenge: string; rpId: string; allowCredentials: { id: string }[] }>();
    return { options: body, answer: await t.request("POST", teamEndpoints.passkeySignInVerify, cookie, { response: authenticator.authenticate(body, origin) }) };
  }

  describe("an authenticator app", () => {
    it("is set up with a code from it, brings ten recovery codes, is emailed and audited, and keeps its secret sealed", async () => {
      const person = newPerson();
      const { secret, uri, codes } = await enrolTotp(person);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toBe(`otpauth://totp/Freelancer%20Marketplace%20UK:${encodeURIComponent(person.email)}?issuer=Freelancer%20Marketplace%20UK&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(recoveryCodeFormat);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      expect(t.notified).toEqual([expect.objectContaining({ to: person.email, subject: "An authenticator app was added to your account" })]);
      expect(await t.app.secondFactors.methodsOf(person.id)).toEqual(["totp", "recovery"]);

      const row = await t.db.selectFrom("team_totp").selectAll().where("person_id", "=", person.id).executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(secret);
      expect(row.secret).toMatch(/^v1\./);
      const audit = await t.db.selectFrom("owner_actions").selectAll().where("actor", "=", person.email).execute();
      expect(audit.map((entry) => [entry.action, JSON.parse(entry.detail)])).toEqual([["second-factor-added", { method: "totp", recoveryCodes: RECOVERY_CODE_COUNT }]]);
      const stored = await t.db.selectFrom("team_recovery_codes").select("code_hash").where("person_id", "=", person.id).execute();
      expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
      expect(stored.some(({ code_hash }) => codes.some((code) => code_hash.includes(code.replaceAll("-", ""))))).toBe(false);
    });

    it("is not kept for a wrong code, and counts for nothing until it is", async () => {
      const person = newPerson();
      const me = t.session(person, "complete");
      const { secret } = (await t.request("POST", teamEndpoints.totp, me)).json<TotpSetup>();
      const wrong = await t.request("POST", teamEndpoints.totpConfirm, me, { code: codeAt(secret, t.clock.now + 10 * STEP_MS) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toMatch(/did not match/);
      expect(await t.app.secondFactors.methodsOf(person.id)).toEqual([]);
      expect(t.notified).toEqual([]);
    });

    it("signs in with a code once: the same code again is refused and counted", async () => {
      const person = newPerson();
      const { secret } = await enrolTotp(person);
      const code = codeAt(secret, t.clock.now);

      const signingIn = t.session(person, "second-factor");
      const first = await t.request("POST", teamEndpoints.secondFactor, signingIn, { code });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ enabled: true, signedIn: true });
      expect(t.completed).toEqual([{ idHash: t.sessions.get(signingIn)!.idHash, method: "totp" }]);

      const again = t.session(person, "second-factor");
      const replayed = await t.request("POST", teamEndpoints.secondFactor, again, { code });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json().message).toMatch(/did not work/);
      expect(t.completed).toHaveLength(1);
      // An older code than the last one used is refused too, though it is still inside the window.
      expect((await t.request("POST", teamEndpoints.secondFactor, again, { code: codeAt(secret, t.clock.now - STEP_MS) })).statusCode).toBe(401);

      t.clock.now += STEP_MS;
      const next = await t.request("POST", teamEndpoints.secondFactor, again, { code: codeAt(secret, t.clock.now).replace(/^(\d{3})/, "$1 ") });
      expect(next.statusCode).toBe(200);
      expect(t.completed.map(({ method }) => method)).toEqual(["totp", "totp"]);
    });

    it(`ends the sign-in after ${SECOND_STEP_ATTEMPTS_MAX} wrong second steps: even the right code no longer works`, async () => {
      const person = newPerson();
      const { secret } = await enrolTotp(person);
      t.clock.now += 2 * STEP_MS;
      const signingIn = t.session(person, "second-factor");
      for (let attempt = 1; attempt <= SECOND_STEP_ATTEMPTS_MAX; attempt += 1) {
        const wrong = await t.request("POST", teamEndpoints.secondFactor, signingIn, { code: attempt === 3 ? "AAAA-BBBB-CCCC" : "000000" });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().message).toMatch(attempt < SECOND_STEP_ATTEMPTS_MAX ? /did not work/ : /sign in again/);
      }
      const right = await t.request("POST", teamEndpoints.secondFactor, signingIn, { code: codeAt(secret, t.clock.now) });
      expect(right.statusCode).toBe(401);
      expect(right.json().message).toMatch(/sign in again/);
      expect((await t.request("POST", teamEndpoints.passkeySignInOptions, signingIn)).statusCode).toBe(401);
      expect(t.completed).toEqual([]);
      const failures = await t.db.selectFrom("owner_actions").select("action").where("actor", "=", person.email).where("action", "=", "sign-in-failed").execute();
      expect(failures).toHaveLength(SECOND_STEP_ATTEMPTS_MAX);

      // A new sign-in (a new session) starts afresh.
      const fresh = t.session(person, "second-factor");
      expect((await t.request("POST", teamEndpoints.secondFactor, fresh, { code: codeAt(secret, t.clock.now) })).statusCode).toBe(200);
    });

    it(`checks at most ${PERSON_CODE_ATTEMPTS_MAX} codes per person in ${PERSON_CODE_WINDOW_MS / 60_000} minutes, sent at once over several sign-ins, and tells them once`, async () => {
      const person = newPerson();
      const { secret } = await enrolTotp(person);
      t.clock.now += 2 * STEP_MS;
      t.notified.length = 0;
      const sessions = Array.from({ length: 6 }, () => t.session(person, "second-factor"));
      const burst = await Promise.all(sessions.flatMap((cookie) => Array.from({ length: 8 }, () => t.request("POST", teamEndpoints.secondFactor, cookie, { code: "000000" }))));
      const checked = await t.db.selectFrom("owner_actions").select("action").where("actor", "=", person.email).where("action", "=", "sign-in-failed").execute();
      expect(checked).toHaveLength(PERSON_CODE_ATTEMPTS_MAX);
      expect(burst.filter((response) => response.statusCode === 429).length).toBeGreaterThan(0);
      expect(burst.every((response) => response.statusCode === 401 || response.statusCode === 429)).toBe(true);
      expect(t.notified.filter((mail) => mail.to === person.email && /Too many wrong codes/.test(mail.subject))).toHaveLength(1);
      const locks = await t.db.selectFrom("owner_actions").select("detail").where("actor", "=", person.email).where("action", "=", "account-locked").execute();
      expect(locks.map((row) => JSON.parse(row.detail))).toEqual([{ id: person.id, step: "second", minutes: PERSON_CODE_WINDOW_MS / 60_000 }]);

      // Even the right code, from a new sign-in, waits for the window; then it works.
      const refused = await t.request("POST", teamEndpoints.secondFactor, t.session(person, "second-factor"), { code: codeAt(secret, t.clock.now) });
      expect([refused.statusCode, refused.json().message]).toEqual([429, expect.stringMatching(/Too many codes/)]);
      t.clock.now += PERSON_CODE_WINDOW_MS;
      expect((await t.request("POST", teamEndpoints.secondFactor, t.session(person, "second-factor"), { code: codeAt(secret, t.clock.now) })).statusCode).toBe(200);
    });

    it("gives a right code's count back: a person who signs in often never meets the limit", async () => {
      const person = newPerson();
      const { secret } = await enrolTotp(person);
      for (let signIn = 0; signIn < PERSON_CODE_ATTEMPTS_MAX + 2; signIn += 1) {
        t.clock.now += STEP_MS;
        expect((await t.request("POST", teamEndpoints.secondFactor, t.session(person, "second-factor"), { code: codeAt(secret, t.clock.now) })).statusCode).toBe(200);
      }
    });

    it("is removed, unless it is the person's only second factor", async () => {
      const person = newPerson();
      const { me } = await enrolTotp(person);
      const refused = await t.request("DELETE", teamEndpoints.totp, me);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/only second factor/);
      await enrolPasskey(person, me);
      t.notified.length = 0;
      expect((await t.request("DELETE", teamEndpoints.totp, me)).statusCode).toBe(200);
      expect(await t.app.secondFactors.methodsOf(person.id)).toEqual(["passkey", "recovery"]);
      expect(t.notified.map(({ subject }) => subject)).toEqual(["An authenticator app was removed from your account"]);
      expect((await t.request("DELETE", teamEndpoints.totp, me)).statusCode).toBe(404);
    });

    it("is replaced only once the new one is confirmed: until then the old one still signs in", async () => {
      const person = newPerson();
      const { me, secret: old } = await enrolTotp(person);
      const { secret: replacement } = (await t.request("POST", teamEndpoints.totp, me)).json<TotpSetup>();
      expect(await t.app.secondFactors.methodsOf(person.id)).toContain("totp");
      t.clock.now += STEP_MS;
      expect((await t.request("POST", teamEndpoints.secondFactor, t.session(person, "second-factor"), { code: codeAt(old, t.clock.now) })).statusCode).toBe(200);
      t.clock.now += STEP_MS;
      const confirmed = await t.request("POST", teamEndpoints.totpConfirm, me, { code: codeAt(replacement, t.clock.now - STEP_MS) });
      expect(confirmed.statusCode).toBe(200);
      // The person had recovery codes already: none are made.
      expect(confirmed.json()).toEqual({ codes: [] });
      expect((await t.request("POST", teamEndpoints.secondFactor, t.session(person, "second-factor"), { code: codeAt(old, t.clock.now) })).statusCode).toBe(401);
      expect((await t.request("POST", teamEndpoints.secondFactor, t.session(person, "second-factor"), { code: codeAt(replacement, t.clock.now) })).statusCode).toBe(200);
    });
  });

  describe("recovery codes", () => {
    it("each sign in once, typed any way, and the person is told how many are left", async () => {
      const person = newPerson();
      const { codes } = await enrolTotp(person);
      const [first, second] = codes as [string, string];

      const signingIn = t.session(person, "second-factor");
      expect((await t.request("POST", teamEndpoints.secondFactor, signingIn, { code: first })).statusCode).toBe(200);
      expect(t.completed.at(-1)?.method).toBe("recovery");
      expect(t.notified.at(-1)).toMatchObject({ to: person.email, subject: "A recovery code was used to sign in" });
      expect(t.notified.at(-1)?.text).toContain(`${RECOVERY_CODE_COUNT - 1} codes are left`);

      const again = t.session(person, "second-factor");
      expect((await t.request("POST", teamEndpoints.secondFactor, again, { code: first })).statusCode).toBe(401);
      const typed = ` ${second.toLowerCase().replaceAll("-", " ")} `;
      expect((await t.request("POST", teamEndpoints.secondFactor, again, { code: typed })).statusCode).toBe(200);
      expect((await t.app.secondFactors.summaryOf(person.id)).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
    });

    it("are renewed: ten new ones, the old ones void, audited and emailed", async () => {
      const person = newPerson();
      const { me, codes: old } = await enrolTotp(person);
      const renewed = await t.request("POST", teamEndpoints.recoveryCodes, me);
      expect(renewed.statusCode).toBe(200);
      const { codes } = renewed.json<RecoveryCodes>();
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(codes.some((code) => old.includes(code))).toBe(false);
      expect(t.notified.at(-1)?.subject).toBe("New recovery codes were made for your account");
      const signingIn = t.session(person, "second-factor");
      expect((await t.request("POST", teamEndpoints.secondFactor, signingIn, { code: old[0] })).statusCode).toBe(401);
      expect((await t.request("POST", teamEndpoints.secondFactor, signingIn, { code: codes[0] })).statusCode).toBe(200);
      const actions = await t.db.selectFrom("owner_actions").select("action").where("actor", "=", person.email).execute();
      expect(actions.map(({ action }) => action)).toContain("recovery-codes-renewed");
    });

    it("are not made for someone with no second factor, and are no way in without one", async () => {
      const person = newPerson();
      const me = t.session(person, "complete");
      expect((await t.request("POST", teamEndpoints.recoveryCodes, me)).statusCode).toBe(409);
      expect(await t.app.secondFactors.methodsOf(person.id)).toEqual([]);
    });
  });

  describe("passkeys", () => {
    it("are registered with the site as relying party, named, emailed, and bring recovery codes the first time", async () => {
      const person = newPerson();
      const me = t.session(person, "complete");
      const options = (await t.request("POST", teamEndpoints.passkeyOptions, me)).json();
      expect(options).toMatchObject({
        rp: { name: "Freelancer Marketplace UK", id: "team.example.co.uk" },
        user: { name: person.email, displayName: person.name },
        excludeCredentials: [],
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      const authenticator = new SoftwarePasskey(SITE_URL, { step: 1 });
      const verified = await t.request("POST", teamEndpoints.passkeyVerify, me, { response: authenticator.register(options, SITE_URL), name: "  Work laptop  " });
      expect(verified.statusCode).toBe(200);
      const { passkey, codes } = verified.json<{ passkey: PasskeyInfo; codes: string[] }>();
      expect(passkey).toMatchObject({ id: authenticator.id, name: "Work laptop", lastUsedAt: null });
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(t.notified).toEqual([expect.objectContaining({ to: person.email, subject: "A passkey was added to your account" })]);
      expect(t.notified[0]?.text).toContain('"Work laptop"');
      expect(await t.app.secondFactors.methodsOf(person.id)).toEqual(["passkey", "recovery"]);

      // A second one is named "Passkey" by default, brings no new codes, and the first is excluded from its options.
      t.clock.now += 1000;
      const next = await t.request("POST", teamEndpoints.passkeyOptions, me);
      expect(next.json().excludeCredentials).toEqual([{ id: authenticator.id, type: "public-key", transports: ["internal"] }]);
      const second = await t.request("POST", teamEndpoints.passkeyVerify, me, { response: new SoftwarePasskey(SITE_URL, { step: 1 }).register(next.json(), SITE_URL) });
      expect(second.json()).toMatchObject({ passkey: { name: "Passkey" }, codes: [] });
      expect((await t.app.secondFactors.summaryOf(person.id)).passkeys.map(({ name }) => name)).toEqual(["Work laptop", "Passkey"]);
    });

    it("are refused from another origin, with an answered or missing challenge, or twice", async () => {
      const person = newPerson();
      const me = t.session(person, "complete");
      const authenticator = new SoftwarePasskey(SITE_URL, { step: 1 });
      const options = (await t.request("POST", teamEndpoints.passkeyOptions, me)).json();
      const elsewhere = await t.request("POST", teamEndpoints.passkeyVerify, me, { response: authenticator.register(options, "https://evil.example") });
      expect(elsewhere.statusCode).toBe(400);
      // The challenge was spent by that try.
      const late = await t.request("POST", teamEndpoints.passkeyVerify, me, { response: authenticator.register(options, SITE_URL) });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/expired/);
      await enrolPasskey(person, me);
      expect(await t.app.secondFactors.summaryOf(person.id)).toMatchObject({ passkeys: [expect.anything()] });
    });

    it("sign in as the second step: counter and last use recorded, and an assertion answers once", async () => {
      const person = newPerson();
      const { authenticator } = await enrolPasskey(person);
      const signingIn = t.session(person, "second-factor");
      const { options, answer } = await passkeySignIn(authenticator, signingIn);
      expect(options.rpId).toBe("team.example.co.uk");
      expect(options.allowCredentials.map(({ id }) => id)).toEqual([authenticator.id]);
      expect(answer.statusCode).toBe(200);
      expect(t.completed).toEqual([{ idHash: t.sessions.get(signingIn)!.idHash, method: "passkey" }]);
      const row = await t.db.selectFrom("team_passkeys").selectAll().where("id", "=", authenticator.id).executeTakeFirstOrThrow();
      expect(Number(row.counter)).toBe(1);
      expect(row.last_used_at).not.toBeNull();

      // The same assertion again: its challenge is spent.
      const again = t.session(person, "second-factor");
      const replay = await t.request("POST", teamEndpoints.passkeySignInVerify, again, {
        response: authenticator.authenticate({ challenge: options.challenge, rpId: options.rpId }, SITE_URL),
      });
      expect(replay.statusCode).toBe(401);
      // A signature from a passkey on another site is refused.
      expect((await passkeySignIn(authenticator, again, "https://evil.example")).answer.statusCode).toBe(401);
      expect((await passkeySignIn(authenticator, again)).answer.statusCode).toBe(200);
      expect(t.completed).toHaveLength(2);
    });

    it("are not offered to someone who has none", async () => {
      const person = newPerson();
      await enrolTotp(person);
      const options = await t.request("POST", teamEndpoints.passkeySignInOptions, t.session(person, "second-factor"));
      expect(options.statusCode).toBe(409);
      expect(options.json().message).toMatch(/No passkey/);
    });

    it("of someone else do not sign in", async () => {
      const ann = newPerson();
      const bob = newPerson();
      const { authenticator } = await enrolPasskey(ann);
      await enrolPasskey(bob);
      const { answer } = await passkeySignIn(authenticator, t.session(bob, "second-factor"));
      expect(answer.statusCode).toBe(401);
      expect(t.completed).toEqual([]);
    });

    it("are removed by their owner only, never the last second factor", async () => {
      const ann = newPerson();
      const { me, authenticator } = await enrolPasskey(ann);
      const bob = t.session(newPerson(), "complete");
      expect((await t.request("DELETE", teamEndpoints.passkey(authenticator.id), bob)).statusCode).toBe(404);
      expect((await t.request("DELETE", teamEndpoints.passkey(authenticator.id), me)).statusCode).toBe(409);
      const { authenticator: second } = await enrolPasskey(ann, me, "Phone");
      t.notified.length = 0;
      expect((await t.request("DELETE", teamEndpoints.passkey(second.id), me)).statusCode).toBe(200);
      expect(t.notified).toEqual([expect.objectContaining({ subject: "A passkey was removed from your account" })]);
      expect(t.notified[0]?.text).toContain('"Phone"');
      // In the order they happened (a UUIDv7 row id): without an order, PostgreSQL may return any.
      const actions = await t.db.selectFrom("owner_actions").select("action").where("actor", "=", ann.email).orderBy("id").execute();
      expect(actions.map(({ action }) => action)).toEqual(["second-factor-added", "second-factor-added", "second-factor-removed"]);
    });
  });

  describe("confirming it is you by a passkey", () => {
    /** The person's complete session, its last confirmation too old for a security change. */
    const unconfirmed = (cookie: string) => t.sessions.set(cookie, { ...t.sessions.get(cookie)!, confirmedAt: null });

    async function confirmByPasskey(authenticator: SoftwarePasskey, cookie: string, answer: { userVerified?: boolean } = {}) {
      const options = await t.request("POST", teamEndpoints.confirmPasskeyOptions, cookie);
      expect(options.statusCode).toBe(200);
      const body = options.json<{ challenge: string; rpId: string; allowCredentials: { id: string }[]; userVerification: string }>();
      const response = authenticator.authenticate(body, SITE_URL, answer);
      return { options: body, response, answer: await t.request("POST", teamEndpoints.confirmPasskeyVerify, cookie, { response }) };
    }

    it("opens security changes again after a user-verified passkey of the person's, as the password does", async () => {
      const person = newPerson();
      const { me, authenticator } = await enrolPasskey(person);
      unconfirmed(me);
      expect((await t.request("POST", teamEndpoints.recoveryCodes, me)).json()).toEqual({ statusCode: 403, message: CONFIRM_IT_IS_YOU });
      const { options, answer } = await confirmByPasskey(authenticator, me);
      expect(options.allowCredentials.map(({ id }) => id)).toEqual([authenticator.id]);
      expect(options.userVerification).toBe("required");
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ confirmed: true });
      expect(t.sessions.get(me)!.confirmedAt).toBe(new Date(t.clock.now).toISOString());
      expect((await t.request("POST", teamEndpoints.recoveryCodes, me)).statusCode).toBe(200);
    });

    it("refuses a passkey touched without user verification, another person's passkey, and a used challenge", async () => {
      const person = newPerson();
      const { me, authenticator } = await enrolPasskey(person);
      unconfirmed(me);
      const unverified = await confirmByPasskey(authenticator, me, { userVerified: false });
      expect(unverified.answer.statusCode).toBe(400);
      expect(unverified.answer.json<{ message: string }>().message).toMatch(/did not confirm it is you/);
      // The challenge went with that answer: the same answer, or a good one to it, finds none.
      const replayed = await t.request("POST", teamEndpoints.confirmPasskeyVerify, me, { response: authenticator.authenticate(unverified.options, SITE_URL) });
      expect(replayed.statusCode).toBe(400);

      const { authenticator: theirs } = await enrolPasskey(newPerson());
      expect((await confirmByPasskey(theirs, me)).answer.statusCode).toBe(400);
      expect(t.sessions.get(me)!.confirmedAt).toBeNull();
      expect((await t.request("POST", teamEndpoints.recoveryCodes, me)).statusCode).toBe(403);
    });

    it("answers 409 to a person without a passkey, and 401 to a sign-in still at its second step", async () => {
      const person = newPerson();
      const { me } = await enrolTotp(person);
      const none = await t.request("POST", teamEndpoints.confirmPasskeyOptions, me);
      expect(none.statusCode).toBe(409);
      expect(none.json<{ message: string }>().message).toMatch(/enter your password/);
      const { authenticator } = await enrolPasskey(person, me);
      const waiting = t.session(person, "second-factor");
      expect((await t.request("POST", teamEndpoints.confirmPasskeyOptions, waiting)).statusCode).toBe(401);
      expect((await t.request("POST", teamEndpoints.confirmPasskeyVerify, waiting, { response: authenticator.authenticate({ challenge: "AAAA" }) })).statusCode).toBe(401);
    });
  });

  describe("the routes", () => {
    it("need a complete sign-in for /me and a sign-in waiting for its second step for the rest", async () => {
      const person = newPerson();
      const waiting = t.session(person, "second-factor");
      const complete = t.session(person, "complete");
      for (const url of [teamEndpoints.totp, teamEndpoints.totpConfirm, teamEndpoints.passkeyOptions, teamEndpoints.passkeyVerify, teamEndpoints.recoveryCodes]) {
        expect((await t.request("POST", url, waiting, {})).statusCode, url).toBe(401);
        expect((await t.request("POST", url, undefined, {})).statusCode, url).toBe(401);
      }
      for (const url of [teamEndpoints.secondFactor, teamEndpoints.passkeySignInOptions, teamEndpoints.passkeySignInVerify]) {
        expect((await t.request("POST", url, complete, {})).statusCode, url).toBe(401);
        expect((await t.request("POST", url, undefined, {})).statusCode, url).toBe(401);
      }
    });

    it("refuse bodies that are not theirs: unknown fields, long codes, names or answers", async () => {
      const person = newPerson();
      const me = t.session(person, "complete");
      const waiting = t.session(person, "second-factor");
      expect((await t.request("POST", teamEndpoints.secondFactor, waiting, { code: "123456", extra: 1 })).statusCode).toBe(400);
      expect((await t.request("POST", teamEndpoints.secondFactor, waiting, { code: "1".repeat(200) })).statusCode).toBe(400);
      expect((await t.request("POST", teamEndpoints.totp, me, { secret: "mine" })).statusCode).toBe(400);
      const options = (await t.request("POST", teamEndpoints.passkeyOptions, me)).json();
      const response = new SoftwarePasskey(SITE_URL, { step: 1 }).register(options, SITE_URL);
      expect((await t.request("POST", teamEndpoints.passkeyVerify, me, { response, name: "n".repeat(61) })).statusCode).toBe(400);
      expect((await t.request("POST", teamEndpoints.passkeyVerify, me, { response: { ...response, type: "other" } })).statusCode).toBe(400);
      const huge = await t.app.inject({
        method: "POST",
        url: teamEndpoints.passkeyVerify,
        headers: { cookie: `test-session=${me}`, "content-type": "application/json" },
        payload: JSON.stringify({ response: { ...response, padding: "x".repeat(17 * 1024) } }),
      });
      expect(huge.statusCode).toBe(413);
      // None of that counted as a wrong second step.
      expect(await t.app.secondFactors.methodsOf(person.id)).toEqual([]);
      expect(t.notified).toEqual([]);
    });

    it("forget everything of a person who left", async () => {
      const person = newPerson();
      const { me } = await enrolTotp(person);
      await enrolPasskey(person, me);
      await t.app.secondFactors.forget(person.id);
      expect(await t.app.secondFactors.summaryOf(person.id)).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0 });
      for (const table of ["team_passkeys", "team_totp", "team_recovery_codes"] as const) {
        expect(await t.db.selectFrom(table).select("person_id").where("person_id", "like", `${person.id}%`).execute()).toEqual([]);
      }
    });
  });
});
