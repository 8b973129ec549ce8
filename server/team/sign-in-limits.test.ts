import { afterEach, describe, expect, it, vi } from "vitest";
import { Secret, TOTP } from "otpauth";
import { teamEndpoints, type RecoveryCodes, type TotpSetup } from "../../contract/team";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { signedInAs, signIn, startTestApp, TEST_PASSWORD, type TestApp } from "../app.test-support";
import type * as passwords from "./passwords";
import { PASSWORD_HASHES_AT_ONCE, PASSWORD_HASHES_WAITING_MAX, passwordHashes, verifyPassword } from "./passwords";
import { ACCOUNT_LOCK_AFTER, accountLimitKey, TOTAL_LIMIT_KEY } from "./sign-in-routes";
import { SIGN_IN_ATTEMPTS_AT_ONCE, SIGN_IN_ATTEMPTS_WAITING_MAX, signInAttempts } from "./sign-in-turns";
import { DEVICE_COOKIE } from "./device-cookie";

// The real password check, watched: how many attempts reached it is what these tests count.
vi.mock("./passwords", async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

// The sign-in's limits under attempts that arrive together (Promise.all of
// many inject calls), on SQLite and PostgreSQL: no burst gets more checks
// than the per-address, per-account or total limit allows.

const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);
const ANALYST = "guessed@team.example";
/** A total low enough that a burst past it costs few scrypt checks. */
const TOTAL_MAX = 12;

/** The n-th of many addresses, as a request from it names it. */
const address = (n: number) => `198.51.100.${n}`;
/** The cookies a response sets, as `name=value` for a Cookie header, by name. */
const cookiesOf = (response: { headers: Record<string, unknown> }) =>
  Object.fromEntries([response.headers["set-cookie"] ?? []].flat().map((line) => String(line).split(";")[0]!).map((pair) => [pair.slice(0, pair.indexOf("=")), pair]));
const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }), {});

describe.each(kinds)("sign-in attempts arriving together, on %s", (kind) => {
  let scratch: ScratchDatabase | undefined;
  let t: TestApp | undefined;
  const start = async (env: Record<string, string>) => {
    scratch = await scratchDatabase(kind);
    t = await startTestApp({ LOG_LEVEL: "silent", ADMIN_SIGNIN_TOTAL_MAX: String(TOTAL_MAX), ...env, ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}) });
    await signedInAs(t.app, "analyst", { email: ANALYST, secondFactor: false });
    vi.mocked(verifyPassword).mockClear();
    return t;
  };
  afterEach(async () => {
    await t?.close();
    await scratch?.drop();
    t = undefined;
    scratch = undefined;
  });

  it("checks at most the account's limit of 60 wrong passwords sent at once from 30 addresses, then refuses the right one", async () => {
    const { app } = await start({ ADMIN_SIGNIN_TOTAL_MAX: "1000" });
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(app, { email: ANALYST, password: `wrong guess ${i}` }, { remoteAddress: address(1 + (i % 30)) })),
    );
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(ACCOUNT_LOCK_AFTER);
    expect(statuses(burst)).toEqual({ 401: ACCOUNT_LOCK_AFTER, 429: 60 - ACCOUNT_LOCK_AFTER });
    const right = await signIn(app, { email: ANALYST, password: TEST_PASSWORD }, { remoteAddress: address(99) });
    expect(right.statusCode).toBe(429);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(ACCOUNT_LOCK_AFTER);
    const notices = (await app.audit.list({ page: 1, pageSize: 200 })).items.filter((entry) => entry.action === "account-locked");
    expect(notices).toHaveLength(1);
  });

  it("checks at most the total of failures with made-up addresses sent at once from 30 addresses", async () => {
    const { app } = await start({});
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(app, { email: `made-up-${i}@team.example`, password: "a guess at anyone" }, { remoteAddress: address(1 + (i % 30)) })),
    );
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(TOTAL_MAX);
    expect(statuses(burst)).toEqual({ 401: TOTAL_MAX, 429: 60 - TOTAL_MAX });
  });

  it("checks at most the per-address limit of attempts sent at once from one address", async () => {
    const { app } = await start({ ADMIN_SIGNIN_MAX: "3", ADMIN_SIGNIN_TOTAL_MAX: "1000" });
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(app, { email: `someone-${i}@team.example`, password: "a guess at anyone" }, { remoteAddress: address(7) })),
    );
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(3);
    expect(statuses(burst)).toEqual({ 401: 3, 429: 17 });
  });

  it("gives a right password's claim back: the total counts failures only", async () => {
    const { app } = await start({ ADMIN_SIGNIN_TOTAL_MAX: "3" });
    for (let i = 0; i < 5; i += 1) expect((await signIn(app, { email: ANALYST, password: TEST_PASSWORD }, { remoteAddress: address(10 + i) })).statusCode).toBe(200);
  });

  it("takes a flood of attempts into the store a few at a time, checking each in turn", async () => {
    const { app } = await start({ ADMIN_SIGNIN_TOTAL_MAX: "1000" });
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(app, { email: `flood-${i}@team.example`, password: "a guess at anyone" }, { remoteAddress: address(100 + i) })),
    );
    expect(statuses(burst)).toEqual({ 401: 60 });
    expect(signInAttempts.stats().peakRunning).toBeLessThanOrEqual(SIGN_IN_ATTEMPTS_AT_ONCE);
    expect(passwordHashes.stats().peakRunning).toBeLessThanOrEqual(PASSWORD_HASHES_AT_ONCE);
    expect(await app.signInLimits.attempts(TOTAL_LIMIT_KEY)).toBe(60);
  });

  /** Takes every place and every waiting place of a gate until the returned function is called. */
  const fill = (gate: { run: (work: () => Promise<void>) => Promise<void> }, places: number) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: places }, () => gate.run(() => held));
    return async () => {
      release();
      await Promise.all(holders);
    };
  };

  it("refuses an attempt unchecked and uncounted when the attempts' queue is full", async () => {
    const { app } = await start({ ADMIN_SIGNIN_TOTAL_MAX: "1000" });
    const empty = fill(signInAttempts, SIGN_IN_ATTEMPTS_AT_ONCE + SIGN_IN_ATTEMPTS_WAITING_MAX);
    const refused = await signIn(app, { email: ANALYST, password: "a guess" }, { remoteAddress: address(120) });
    await empty();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(vi.mocked(verifyPassword)).not.toHaveBeenCalled();
    expect(await app.signInLimits.attempts(TOTAL_LIMIT_KEY)).toBe(0);
  });

  it("refuses an attempt when the password hashes' queue is full, giving its counts back", async () => {
    const { app } = await start({ ADMIN_SIGNIN_TOTAL_MAX: "1000" });
    const empty = fill(passwordHashes, PASSWORD_HASHES_AT_ONCE + PASSWORD_HASHES_WAITING_MAX);
    const refused = await signIn(app, { email: ANALYST, password: "a guess" }, { remoteAddress: address(121) });
    await empty();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(await app.signInLimits.attempts(TOTAL_LIMIT_KEY)).toBe(0);
    expect(await app.signInLimits.attempts(accountLimitKey(ANALYST))).toBe(0);
  });

  describe("a known device", () => {
    it("signs its person in while the account is locked and the total is full; a new device, another's cookie or a forged one is refused", async () => {
      const { app } = await start({ ADMIN_SIGNIN_TOTAL_MAX: "15" });
      const first = await signIn(app, { email: ANALYST, password: TEST_PASSWORD }, { remoteAddress: address(50) });
      const device = cookiesOf(first)[DEVICE_COOKIE]!;
      expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
      expect(String([first.headers["set-cookie"]].flat()[1])).toMatch(/HttpOnly; Secure; SameSite=Strict/);
      const other = await signedInAs(app, "editor", { email: "other@team.example", secondFactor: false });
      const othersDevice = cookiesOf(await signIn(app, { email: other.person.email, password: TEST_PASSWORD }, { remoteAddress: address(53) }))[DEVICE_COOKIE]!;

      // The attack: a burst at the account from 30 addresses, then made-up addresses until the total is full.
      await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(app, { email: ANALYST, password: `wrong guess ${i}` }, { remoteAddress: address(1 + (i % 30)) })));
      await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(app, { email: `made-up-${i}@team.example`, password: "a guess at anyone" }, { remoteAddress: address(31 + i) })));
      expect(await app.signInLimits.attempts(TOTAL_LIMIT_KEY)).toBe(15);

      const fromKnown = await signIn(app, { email: ANALYST, password: TEST_PASSWORD }, { remoteAddress: address(51), headers: { cookie: device } });
      expect(fromKnown.statusCode).toBe(200);
      expect((await signIn(app, { email: ANALYST, password: TEST_PASSWORD }, { remoteAddress: address(52) })).statusCode).toBe(429);
      // A cookie of someone else's, or one whose signature was altered, is a new device.
      for (const cookie of [othersDevice, `${device.slice(0, -2)}xx`]) {
        expect((await signIn(app, { email: ANALYST, password: TEST_PASSWORD }, { remoteAddress: address(54), headers: { cookie } })).statusCode).toBe(429);
      }
      // The person signing in did not lift the lock for whoever was guessing.
      expect((await signIn(app, { email: ANALYST, password: "one more guess" }, { remoteAddress: address(55) })).statusCode).toBe(429);
    });

    it("meets a limit of its own: its wrong passwords lock that browser, not the account", async () => {
      const { app } = await start({ ADMIN_SIGNIN_MAX: "1000" });
      const device = cookiesOf(await signIn(app, { email: ANALYST, password: TEST_PASSWORD }))[DEVICE_COOKIE]!;
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(app, { email: ANALYST, password: `forgotten ${i}` }, { headers: { cookie: device } })));
      expect(statuses(burst)).toEqual({ 401: ACCOUNT_LOCK_AFTER, 429: 20 - ACCOUNT_LOCK_AFTER });
      expect((await signIn(app, { email: ANALYST, password: TEST_PASSWORD }, { headers: { cookie: device } })).statusCode).toBe(429);
      expect((await signIn(app, { email: ANALYST, password: TEST_PASSWORD })).statusCode).toBe(200);
      const notices = (await app.audit.list({ page: 1, pageSize: 200 })).items.filter((entry) => entry.action === "account-locked");
      expect(notices).toEqual([]);
    });

    it("is made known once the second step is given, not by the password alone", async () => {
      const { app } = await start({});
      const { cookie: signedIn } = await signedInAs(app, "analyst", { email: "two-steps@team.example", secondFactor: false });
      const setup = (await app.inject({ method: "POST", url: teamEndpoints.totp, headers: { cookie: signedIn } })).json<TotpSetup>();
      const code = TOTP.generate({ secret: Secret.fromBase32(setup.secret.replace(/\s/g, "")) });
      const { codes } = (await app.inject({ method: "POST", url: teamEndpoints.totpConfirm, headers: { cookie: signedIn }, payload: { code } })).json<RecoveryCodes>();

      const first = await signIn(app, { email: "two-steps@team.example", password: TEST_PASSWORD });
      expect(cookiesOf(first)[DEVICE_COOKIE]).toBeUndefined();
      const session = cookiesOf(first)["__Host-admin-session"]!;
      const second = await app.inject({ method: "POST", url: teamEndpoints.secondFactor, headers: { cookie: session }, payload: { code: codes[0] } });
      expect(second.statusCode).toBe(200);
      expect(cookiesOf(second)[DEVICE_COOKIE]).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    });
  });
});
