import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_IT_IS_YOU, CONFIRM_WITHIN_MS, PASSWORD_RESET_TTL_MS, teamEndpoints, WRONG_CURRENT_PASSWORD, type Me } from "../../contract/team";
import { SESSION_COOKIE } from "../admin/session";
import { hashToken } from "../store/team-store";
import { MAIL_FOLDER } from "../mail/mailer";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { signedInAs, signIn, startTestApp, TEST_PASSWORD, type TestApp } from "../app.test-support";
import { ACCOUNT_LOCK_AFTER, RESET_GONE } from "./sign-in-routes";

// A person looking after their own account through the API, on SQLite and
// PostgreSQL: changing their password (the current one first), and a
// forgotten one reset through an emailed link that works once.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);
const NEW_PASSWORD = "a brand new passphrase of mine";

describe.each(kinds)("account upkeep on %s", (kind) => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  const changePassword = (cookie: string, payload: object) => t.app.inject({ method: "PUT", url: teamEndpoints.password, headers: { cookie }, payload });
  const mails = async () => {
    const folder = path.join(t.config.dataDir, MAIL_FOLDER);
    return Promise.all((await readdir(folder).catch(() => [] as string[])).map((file) => readFile(path.join(folder, file), "utf8")));
  };

  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    t = await startTestApp({ LOG_LEVEL: "silent", ADMIN_SIGNIN_MAX: "1000", ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}) });
  });
  afterAll(async () => {
    await t.close();
    await scratch.drop();
  });

  it("refuses a wrong current password, a common or short new one, and a malformed request, changing nothing", async () => {
    const { cookie, person } = await signedInAs(t.app, "editor", { email: "keeps@team.example", secondFactor: false });
    const refusals = [
      [{ current: "not my password at all", password: NEW_PASSWORD }, /current password is not right/],
      [{ current: TEST_PASSWORD, password: "password1234" }, /common passwords/],
      [{ current: TEST_PASSWORD, password: "short" }, /at least 12 characters/],
      [{ current: TEST_PASSWORD, password: "Keeps@Team.Example" }, /email address/],
      [{ current: TEST_PASSWORD, password: TEST_PASSWORD }, /the one you have now/],
      [{ current: TEST_PASSWORD }, /^Bad Request$/],
    ] as const;
    for (const [payload, message] of refusals) {
      const refused = await changePassword(cookie, payload);
      expect([refused.statusCode, refused.json().message], JSON.stringify(payload)).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await signIn(t.app, { email: person.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await t.app.audit.list({ page: 1, pageSize: 100, actor: person.email })).items.map((entry) => entry.action)).not.toContain("password-changed");
  });

  it("changes it with the current one: the old one no longer signs in, other sessions end, this one stays, and the person is told", async () => {
    const { cookie, person } = await signedInAs(t.app, "analyst", { email: "changes@team.example", secondFactor: false });
    const other = await signedInAs(t.app, "analyst", { email: "changes@team.example", secondFactor: false });
    const changed = await changePassword(cookie, { current: TEST_PASSWORD, password: NEW_PASSWORD });
    expect([changed.statusCode, changed.json()]).toEqual([200, { changed: true, endedSessions: 1 }]);
    expect((await t.app.inject({ url: teamEndpoints.me, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: teamEndpoints.me, headers: { cookie: other.cookie } })).statusCode).toBe(401);
    expect((await signIn(t.app, { email: person.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await signIn(t.app, { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const [entry] = (await t.app.audit.list({ page: 1, pageSize: 100, actor: person.email })).items.filter((item) => item.action === "password-changed");
    expect(entry?.detail).toEqual({ sessions: 1 });
    expect((await mails()).filter((mail) => mail.includes(person.email) && mail.includes("Your password was changed"))).toHaveLength(1);
  });

  it("counts wrong current passwords against the account's sign-in limit", async () => {
    const { cookie, person } = await signedInAs(t.app, "editor", { email: "guessed-from-a-session@team.example", secondFactor: false });
    const tries = await Promise.all(Array.from({ length: ACCOUNT_LOCK_AFTER + 5 }, (_, i) => changePassword(cookie, { current: `guess number ${i}`, password: NEW_PASSWORD })));
    expect(tries.filter((response) => response.statusCode === 400)).toHaveLength(ACCOUNT_LOCK_AFTER);
    expect(tries.filter((response) => response.statusCode === 429)).toHaveLength(5);
    expect((await changePassword(cookie, { current: TEST_PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(429);
    expect((await signIn(t.app, { email: person.email, password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  /** The reset link in the newest email to the address, as the person would open it: its token. */
  const emailedToken = async (address: string) => {
    // Quoted-printable, as sent: soft line breaks joined, "=" decoded.
    const texts = (await mails()).map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
    const links = texts.filter((mail) => mail.includes(address)).flatMap((mail) => [...mail.matchAll(/#reset=([\w-]{43})/g)].map((match) => match[1]!));
    return links.at(-1);
  };
  const requestReset = (email: string) => t.app.inject({ method: "POST", url: teamEndpoints.passwordReset, payload: { email } });
  const useLink = (token: string, password: string) => t.app.inject({ method: "POST", url: teamEndpoints.passwordResetLink, payload: { token, password } });

  it("resets a forgotten password through the emailed link, once: every session ends, and it is recorded", async () => {
    const { person } = await signedInAs(t.app, "editor", { email: "forgot@team.example", secondFactor: false });
    const open = await signedInAs(t.app, "editor", { email: "forgot@team.example", secondFactor: false });
    // Known or not, the answer is the same; only a known address gets an email.
    const [known, unknown] = [await requestReset("Forgot@Team.Example"), await requestReset("stranger@team.example")];
    expect([known.statusCode, known.body]).toEqual([202, unknown.body]);
    expect(await emailedToken("stranger@team.example")).toBeUndefined();
    const token = (await emailedToken(person.email))!;
    expect((await t.app.inject({ url: `${teamEndpoints.passwordResetLink}?token=${token}` })).json()).toEqual({ email: person.email });

    const common = await useLink(token, "password1234");
    expect([common.statusCode, common.json().message]).toEqual([400, expect.stringMatching(/common passwords/)]);
    const reset = await useLink(token, NEW_PASSWORD);
    expect([reset.statusCode, reset.json()]).toEqual([200, { reset: true }]);
    expect((await t.app.inject({ url: teamEndpoints.me, headers: { cookie: open.cookie } })).statusCode).toBe(401);
    expect((await signIn(t.app, { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    // The second use changes nothing.
    const again = await useLink(token, "yet another new passphrase");
    expect([again.statusCode, again.json().message]).toEqual([404, RESET_GONE]);
    expect((await t.app.inject({ url: `${teamEndpoints.passwordResetLink}?token=${token}` })).statusCode).toBe(404);
    expect((await signIn(t.app, { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const actions = (await t.app.audit.list({ page: 1, pageSize: 100 })).items.filter((entry) => entry.action.startsWith("password-reset"));
    expect(actions.map((entry) => [entry.action, entry.actor])).toEqual([
      ["password-reset", person.email],
      ["password-reset-requested", "anonymous"],
    ]);
    expect(JSON.stringify(actions)).not.toContain("stranger");
  });

  it("refuses a link past its 30 minutes, one made void by a newer one, and a malformed request", async () => {
    const { person } = await signedInAs(t.app, "editor", { email: "slow@team.example", secondFactor: false });
    const now = Date.now();
    const old = await t.app.teamStore.createReset(person.id, now - PASSWORD_RESET_TTL_MS);
    expect((await useLink(old.token, NEW_PASSWORD)).statusCode).toBe(404);
    const first = await t.app.teamStore.createReset(person.id);
    const second = await t.app.teamStore.createReset(person.id);
    expect((await useLink(first.token, NEW_PASSWORD)).statusCode).toBe(404);
    expect((await useLink("not-a-token", NEW_PASSWORD)).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: teamEndpoints.passwordReset, payload: { address: person.email } })).statusCode).toBe(400);
    expect((await signIn(t.app, { email: person.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await useLink(second.token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("lifts the lock on the address: a person who forgot their password has often locked it", async () => {
    const { person } = await signedInAs(t.app, "editor", { email: "locked-out@team.example", secondFactor: false });
    for (let i = 0; i < ACCOUNT_LOCK_AFTER; i += 1) await signIn(t.app, { email: person.email, password: `was it this ${i}` });
    expect((await signIn(t.app, { email: person.email, password: TEST_PASSWORD })).statusCode).toBe(429);
    const { token } = await t.app.teamStore.createReset(person.id);
    expect((await useLink(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t.app, { email: person.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("asks for the password again before a security change once the last one given is 10 minutes old", async () => {
    const { cookie } = await signedInAs(t.app, "inbox", { email: "security@team.example" });
    const idHash = hashToken(cookie.slice(SESSION_COOKIE.length + 1));
    const me = async () => (await t.app.inject({ url: teamEndpoints.me, headers: { cookie } })).json<Me>();
    const post = (url: string, payload?: object) => t.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const fresh = Date.parse((await me()).confirmedUntil!);
    expect(fresh).toBeGreaterThan(Date.now() + CONFIRM_WITHIN_MS - 60_000);

    await t.app.teamStore.confirmSession(idHash, Date.now() - CONFIRM_WITHIN_MS);
    expect((await me()).confirmedUntil).toBeNull();
    const changes = [
      () => post(teamEndpoints.recoveryCodes),
      () => post(teamEndpoints.totp),
      () => post(teamEndpoints.passkeyOptions),
      () => t.app.inject({ method: "DELETE", url: teamEndpoints.totp, headers: { cookie } }),
      () => t.app.inject({ method: "DELETE", url: teamEndpoints.passkey("some-passkey"), headers: { cookie } }),
    ];
    for (const change of changes) {
      const refused = await change();
      expect([refused.statusCode, refused.json().message]).toEqual([403, CONFIRM_IT_IS_YOU]);
    }
    const wrong = await post(teamEndpoints.confirm, { password: "not my password" });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, WRONG_CURRENT_PASSWORD]);
    expect((await post(teamEndpoints.recoveryCodes)).statusCode).toBe(403);
    expect((await post(teamEndpoints.confirm, { password: TEST_PASSWORD })).json()).toEqual({ confirmed: true });
    expect((await me()).confirmedUntil).not.toBeNull();
    expect((await post(teamEndpoints.recoveryCodes)).statusCode).toBe(200);
    expect((await post(teamEndpoints.confirm, {})).statusCode).toBe(400);
  });
});
