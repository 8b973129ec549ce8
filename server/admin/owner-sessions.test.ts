import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../contract/admin";
import { postgresReachable, scratchDatabase, shouldRun, type ScratchDatabase } from "../store/databases.test-support";
import { signInWithSecondStep, startTestApp, type TestApp } from "../app.test-support";
import { SESSION_COOKIE } from "./session";

// Owner sessions that can be ended: signing out ends that session for every
// instance sharing the store, and a forged or replayed cookie opens nothing.

const PASSWORD = "correct horse battery staple";
const SESSION_KEY = "s".repeat(40);
const runPostgres = shouldRun("PostgreSQL", await postgresReachable());
const kinds = (["sqlite", "postgres"] as const).filter((kind) => kind === "sqlite" || runPostgres);

describe.each(kinds)("owner sessions on %s", (kind) => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    scratch = await scratchDatabase(kind);
    dataDir = await mkdtemp(path.join(tmpdir(), "owner-sessions-"));
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close().catch(() => undefined)));
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An instance on the shared store (SQLite: the same data folder). */
  async function instance(password = PASSWORD) {
    const t = await startTestApp({
      ADMIN_PASSWORD: password,
      ADMIN_SESSION_SECRET: SESSION_KEY,
      ADMIN_SIGNIN_MAX: "100",
      LOG_LEVEL: "silent",
      ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : { DATA_DIR: dataDir }),
    });
    apps.push(t);
    return t;
  }
  const signIn = (t: TestApp) => signInWithSecondStep(t.app, { email: t.config.mail.teamEmail, password: PASSWORD });
  const inbox = (t: TestApp, cookie: string) => t.app.inject({ method: "GET", url: adminEndpoints.enquiries, headers: { cookie } });
  const close = async (t: TestApp) => {
    apps.splice(apps.indexOf(t), 1);
    await t.close();
  };

  it("a copied cookie stops working once its session signs out", async () => {
    const t = await instance();
    const cookie = await signIn(t);
    const other = await signIn(t);
    expect((await inbox(t, cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: "DELETE", url: adminEndpoints.session, headers: { cookie } });
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    // Replayed after signing out: refused. Another session of the owner's is untouched.
    expect((await inbox(t, cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: adminEndpoints.status, headers: { cookie } })).json()).toEqual({ enabled: true, signedIn: false });
    expect((await inbox(t, other)).statusCode).toBe(200);
    await close(t);
  });

  it("forged cookies open nothing", async () => {
    const t = await instance();
    const real = (await signIn(t)).slice(SESSION_COOKIE.length + 1);
    const flipped = `${real.startsWith("A") ? "B" : "A"}${real.slice(1)}`;
    for (const value of ["", "x", "A".repeat(43), flipped, `${real}x`, `${Date.now() + 1e6}.AAAAAAAAAAAAAAAAAAAAAAAA.${"A".repeat(43)}`]) {
      expect((await inbox(t, `${SESSION_COOKIE}=${value}`)).statusCode, value).toBe(401);
    }
    await close(t);
  });

  it("a restart keeps sessions; a changed ADMIN_PASSWORD no longer matters once the team has its owner", async () => {
    const first = await instance();
    const cookie = await signIn(first);
    await close(first);
    const restarted = await instance("a brand new password 2026");
    expect((await inbox(restarted, cookie)).statusCode).toBe(200);
    // The owner's password is the team's now: the new setting made nobody.
    expect((await restarted.app.teamStore.listPeople()).length).toBe(1);
    await close(restarted);
  });

  it.runIf(kind === "postgres")("signing out on one instance ends the session on another sharing the store", async () => {
    const a = await instance();
    const b = await instance();
    const cookie = await signIn(a);
    expect((await inbox(b, cookie)).statusCode).toBe(200);
    await b.app.inject({ method: "DELETE", url: adminEndpoints.session, headers: { cookie } });
    expect((await inbox(a, cookie)).statusCode).toBe(401);
  });
});
