import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamEndpoints } from "../../contract/team";
import { MAIL_FOLDER } from "../mail/mailer";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { signedInAs, signIn, startTestApp, TEST_PASSWORD, type TestApp } from "../app.test-support";
import { ACCOUNT_LOCK_AFTER } from "./sign-in-routes";

// A person looking after their own account through the API, on SQLite and
// PostgreSQL: changing their password (the current one first).

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
});
