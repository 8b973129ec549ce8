import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance, InjectOptions } from "fastify";
import * as OTPAuth from "otpauth";
import { adminEndpoints } from "../contract/admin";
import { builtPagesFile, builtPagesJson } from "../contract/built-pages";
import { CONFIRM_ENDPOINT } from "../contract/fields";
import { notFoundPages, paths } from "../contract/paths";
import { CONFIRM_TOKEN_FIELD, sendConfirmSlots } from "../contract/send-confirm";
import type { Role } from "../contract/team";
import { SESSION_COOKIE } from "./admin/session";
import { buildApp } from "./app";
import { loadConfig, type Config } from "./config";
import type { PersonRow } from "./store/team-store";
import { hashPassword } from "./team/passwords";
import { SECOND_FACTORS } from "./team/second-factor/second-factors-plugin";

// Shared by the server's tests: a throwaway site and data folder, an app built
// from environment-style settings, and captured log lines.

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  logs: string[];
  close(): Promise<void>;
}

/** The "one more step" page as the build renders it, reduced to its slots (contract/send-confirm.ts). */
export const standInSendConfirmPage =
  `<!DOCTYPE html><title>One more step</title><h1>One more step</h1><p ${sendConfirmSlots.early}="" role="status" hidden="">Wait a moment.</p>` +
  `<dl ${sendConfirmSlots.fields}="" class="grid"></dl><form method="post" action="${CONFIRM_ENDPOINT}"><input type="hidden" name="${CONFIRM_TOKEN_FIELD}" value="${sendConfirmSlots.token}"/><button type="submit">Send</button></form>`;

/** Writes the smallest site the server starts with: a home page, every not-found page it serves, and the form post's confirmation pages. */
export async function makeSite(dir: string) {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<!DOCTYPE html><title>Home</title><h1>Home</h1>");
  const sendPages: [string, string][] = [
    [paths.sendConfirm, standInSendConfirmPage],
    [paths.sendExpired, "<!DOCTYPE html><title>Not sent</title><h1>This page has expired</h1>"],
    [paths.sendUsed, "<!DOCTYPE html><title>Not sent</title><h1>Already sent</h1>"],
    [paths.sendInvalid, "<!DOCTYPE html><title>Not sent</title><h1>This link is not valid</h1>"],
  ];
  for (const [page, html] of sendPages) {
    await mkdir(path.join(dir, page), { recursive: true });
    await writeFile(path.join(dir, page, "index.html"), html);
  }
  for (const { page } of notFoundPages) {
    await mkdir(path.join(dir, page), { recursive: true });
    await writeFile(path.join(dir, page, "index.html"), `<!DOCTYPE html><title>Not found</title><h1>Not found: ${page}</h1>`);
  }
  await writeBuiltPages(dir, [paths.home, ...sendPages.map(([page]) => page), ...notFoundPages.map(({ page }) => page)]);
}

/** The build's list of its pages (contract/built-pages.ts), for a site a test writes by hand: these paths are its pages. */
export async function writeBuiltPages(dir: string, pages: readonly string[]) {
  await writeFile(path.join(dir, builtPagesFile), builtPagesJson(pages.map((page) => ({ path: page, listed: false, content: [] }))));
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const root = await mkdtemp(path.join(tmpdir(), "leads-test-"));
  const siteDir = path.join(root, "site");
  await makeSite(siteDir);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    SITE_DIR: siteDir,
    DATA_DIR: path.join(root, "data"),
    LOG_LEVEL: "info",
    // Limits lifted unless a test sets its own: only the rate-limit tests want them low.
    RATE_LIMIT_MAX: "1000",
    MIN_SUBMIT_MS: "2000",
    // Tests post as scripts (no proof of work, no browser headers): only the spam tests hold suspected spam.
    SPAM_FILTER: "off",
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logStream });
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    config,
    logs,
    async close() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The password every person the tests make has (not on the common list, long enough). */
export const TEST_PASSWORD = "test-person-password-4815";

/**
 * Gives the person an authenticator app, as they would set one up: a new
 * secret, confirmed with the code it shows now. Once per person.
 */
async function giveAuthenticator(app: FastifyInstance, person: PersonRow) {
  if ((await app.secondFactors.methodsOf(person.id)).includes("totp")) return;
  const member = { id: person.id, email: person.email, name: person.name, role: person.role };
  const setup = await app[SECOND_FACTORS].startTotp(member);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret.replace(/\s/g, "")) }).generate();
  if (!(await app[SECOND_FACTORS].confirmTotp(member, code)).ok) throw new Error("The authenticator's code was refused");
}

let testHash: Promise<string> | undefined;
let madePeople = 0;

export interface SignedIn {
  /** `name=value`, for a Cookie header. */
  cookie: string;
  person: PersonRow;
}

/**
 * A person of that role with a complete session, as the server itself makes
 * them: the person through the team's store (the first owner, made from
 * ADMIN_PASSWORD, for "owner" unless an email is given), an authenticator in
 * the second factors, and a session opened after both steps.
 */
export async function signedInAs(app: FastifyInstance, role: Role, { email, secondFactor = true }: { email?: string; secondFactor?: boolean } = {}): Promise<SignedIn> {
  const store = app.teamStore;
  let person = role === "owner" && !email ? await store.personByEmail(app.config.mail.teamEmail) : email ? await store.personByEmail(email) : undefined;
  if (!person || person.role !== role) {
    madePeople += 1;
    person = await store.createPerson({
      email: email ?? `${role}-${madePeople}-${Date.now()}@team.example`,
      name: `Test ${role} ${madePeople}`,
      role,
      passwordHash: await (testHash ??= hashPassword(TEST_PASSWORD)),
    });
  }
  if (secondFactor) await giveAuthenticator(app, person);
  const id = await store.openSession({ personId: person.id, stage: "complete", userAgent: "test" });
  return { cookie: `${SESSION_COOKIE}=${id}`, person };
}

/** The cookie of a complete owner session (the first owner's): what most owner-route tests need. */
export const ownerCookie = async (app: FastifyInstance) => (await signedInAs(app, "owner")).cookie;

/** POST the sign-in's first step, as the screens do. */
export const signIn = (app: FastifyInstance, body: { email: string; password: string }, options: Omit<InjectOptions, "method" | "url" | "payload"> = {}) =>
  app.inject({ ...options, method: "POST", url: adminEndpoints.session, payload: body });

/**
 * Both steps of a sign-in, as a person with an authenticator gives them: the
 * password through the API, then the second step as the second factors'
 * route completes it (recorded as a sign-in by "totp"). Answers the cookie.
 */
export async function signInWithSecondStep(app: FastifyInstance, body: { email: string; password: string }, options: Omit<InjectOptions, "method" | "url" | "payload"> = {}): Promise<string> {
  const person = await app.teamStore.personByEmail(body.email);
  if (person) await giveAuthenticator(app, person);
  const first = await signIn(app, body, options);
  if (first.statusCode !== 200) throw new Error(`Sign-in refused: ${first.statusCode} ${first.body}`);
  const cookie = String(first.headers["set-cookie"]).split(";")[0]!;
  const live = await app.teamStore.session(cookie.slice(SESSION_COOKIE.length + 1));
  if (!live) throw new Error("Sign-in opened no session");
  if (live.session.stage !== "complete") {
    await app.teamStore.completeSession(live.session.id_hash);
    await app.audit.record({ action: "sign-in", actor: live.person.email, address: options.remoteAddress ?? "127.0.0.1", detail: { method: "totp" } });
  }
  return cookie;
}
