import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import { ADMIN_API, type OwnerActionDetail, type OwnerActionName } from "../../contract/admin";
import { limits } from "../../contract/lead";
import { PASSWORD_MAX, PASSWORD_RESET_TTL_MS, resetLinkPath, teamEndpoints, type SignInState } from "../../contract/team";
import { SIGNED_OUT_BODY_BYTES } from "../admin/owner-requests";
import { clearedSessionCookie, readCookie, sessionCookie, SESSION_COOKIE } from "../admin/session";
import { ANONYMOUS_ACTOR } from "../store/audit";
import { hashToken, type PersonRow } from "../store/team-store";
import { dummyHash, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { AuthenticationResponse, WEBAUTHN_BODY_BYTES } from "./second-factor/second-factor-routes";
import { SECOND_FACTORS } from "./second-factor/second-factors-plugin";
import { busy, inTurn, TOO_MANY } from "./sign-in-turns";
import { toMember } from "./team-plugin";
import { GateFull } from "./work-gate";

// The first step of a sign-in, its status and signing out, inside /api/admin
// (its hooks and per-address limit apply). Each attempt is claimed against the
// typed address's limit and the total in the store before its password is
// checked (store/sign-in-limits-store.ts), so attempts arriving together, on
// any instance, cannot pass either. Unknown addresses and wrong passwords
// answer alike; an address past its limit, known or not, and every address
// past the total, are refused unchecked. A browser where the person signed in
// before (its device cookie) is counted on its own instead, so the lock an
// attacker causes is met by the attacker's browsers, not the person's.

/** Attempts at one address (known or not) per window: the tenth wrong one in a row locks it. */
export const ACCOUNT_LOCK_AFTER = 10;
/** How long a lock lasts, from the wrong password that made it. */
export const ACCOUNT_LOCK_MS = 15 * 60 * 1000;
/** The key of the total's counter in the store. */
export const TOTAL_LIMIT_KEY = "total";
/** The key of an address's counter: a hash of the address as typed, lower-cased, so a stranger's is never kept. */
export const accountLimitKey = (email: string) => `account:${hashToken(email.trim().toLowerCase())}`;


/**
 * Passkey-only ceremonies begun per client (IPv6 per /64) per window. A page of the sign-in form
 * begins one as it opens and again after each failed try, so this is well above ADMIN_SIGNIN_MAX;
 * each costs one row of the store, swept as it expires.
 */
export const PASSKEY_OPTIONS_MAX = 60;
export const PASSKEY_EXPIRED = "The passkey request expired. Please try again.";
export const PASSKEY_REFUSED = "That passkey did not sign you in. Please try again, or sign in with your email and password.";
const PasskeyOnlyBody = v.strictObject({ response: AuthenticationResponse });
const NoBody = v.optional(v.nullable(v.strictObject({})));

/** A used, expired or unknown reset link: one answer for all three. */
export const RESET_GONE = "This link has been used or has expired. Ask for a new one from the sign-in page.";
const ResetRequestBody = v.strictObject({ email: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(limits.email)) });
const resetToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));
const ResetLinkQuery = v.strictObject({ token: resetToken });
const ResetBody = v.strictObject({ token: resetToken, password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX * 4)) });
const resetNotice = (link: string) => ({
  subject: "Reset your password",
  text: [
    `Someone asked to reset the password of your account. To choose a new one, open this link within ${PASSWORD_RESET_TTL_MS / 60_000} minutes; it works once:`,
    link,
    "Setting a new password ends every session of yours. If you did not ask, ignore this email: your password stays as it is.",
  ].join("\n\n"),
});
const local = (path: string) => path.slice(ADMIN_API.length);

const SignInBody = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(limits.email)),
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(PASSWORD_MAX * 4)),
});

export interface SignInOptions {
  /** The window of both the per-address limit and the total. */
  windowMs: number;
  /** The per-address limit (@fastify/rate-limit's route settings). */
  rateLimit: { max: number; timeWindow: number; onExceeded: (request: FastifyRequest) => void };
  /** Records a sign-in refused before it was checked, once per client and window. */
  signInRefused: (request: FastifyRequest, reason: "too-many-overall" | "account-limit") => void;
  audit: (request: FastifyRequest, action: OwnerActionName, detail?: OwnerActionDetail, actor?: string) => Promise<void>;
}

export function signInRoutes(app: FastifyInstance, { windowMs, rateLimit, signInRefused, audit }: SignInOptions) {
  const { teamStore: team } = app;
  const { signInTotalMax } = app.config.admin;

  const signInState = async (request: FastifyRequest): Promise<SignInState> => {
    const session = await app.team.sessionOf(request);
    const enabled = await app.teamEnabled();
    if (session?.stage === "second-factor") return { enabled, signedIn: false, secondFactor: await app.secondFactors.methodsOf(session.person.id) };
    return { enabled, signedIn: session?.stage === "complete" };
  };

  app.get("/status", async (request): Promise<SignInState> => signInState(request));

  const unauthorized = (reply: FastifyReply) => reply.code(401).send({ statusCode: 401, message: "Unauthorized" });

  app.post(
    "/session",
    {
      bodyLimit: SIGNED_OUT_BODY_BYTES,
      config: { rateLimit },
    },
    inTurn(async (request, reply) => {
      const body = v.safeParse(SignInBody, request.body);
      if (!body.success) {
        await audit(request, "sign-in-failed", { reason: "malformed" }, ANONYMOUS_ACTOR);
        return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
      }
      const { email, password } = body.output;
      const person = await team.personByEmail(email);
      // A browser where this person signed in before is counted on its own: the account's lock and
      // the total are the attacker's, and a known device never meets them (device-cookie.ts).
      const known = app.team.knownDevice(request);
      const deviceKey = person && known?.personId === person.id ? `device:${known.device}` : undefined;
      const accountKey = deviceKey ?? accountLimitKey(email);
      // Counted before the check, all or nothing: the address's (or the device's) run of attempts, then the total from every address.
      const claim = await app.signInLimits.claim([
        { key: accountKey, max: ACCOUNT_LOCK_AFTER, windowMs: ACCOUNT_LOCK_MS },
        ...(deviceKey ? [] : [{ key: TOTAL_LIMIT_KEY, max: signInTotalMax, windowMs }]),
      ]);
      if (!claim.ok) {
        signInRefused(request, claim.full === TOTAL_LIMIT_KEY ? "too-many-overall" : "account-limit");
        return reply.code(429).header("retry-after", String(windowMs / 1000)).send({ statusCode: 429, message: TOO_MANY });
      }
      let right: boolean;
      try {
        // An unknown address is checked against a dummy hash: it takes as long, and answers the same, as a wrong password.
        right = await verifyPassword(password, person?.password_hash ?? (await dummyHash()));
      } catch (error) {
        if (!(error instanceof GateFull)) throw error;
        // Too many checks waiting in this process: refused unchecked, so it counts against no limit.
        await app.signInLimits.giveBack(accountKey);
        if (!deviceKey) await app.signInLimits.giveBack(TOTAL_LIMIT_KEY);
        return busy(reply);
      }
      if (!person || !right) {
        // The attempt that filled the address's (or the device's) limit, wrong: the lock runs its full time from now.
        // A known device locked is that browser alone (a stolen cookie, or a person who forgot): nobody is emailed.
        if (claim.attempts[0] === ACCOUNT_LOCK_AFTER) {
          await app.signInLimits.hold(accountKey, ACCOUNT_LOCK_AFTER, Date.now() + ACCOUNT_LOCK_MS);
          if (person && !deviceKey) await lockedOut(request, person);
        }
        // Never the typed address: it may be a mistyped password, or a stranger's.
        await audit(request, "sign-in-failed", {}, ANONYMOUS_ACTOR);
        return unauthorized(reply);
      }
      // Right: the run of wrong ones ends, and the total counts failures only. From a known device the
      // account's count is left alone: whoever was guessing elsewhere stays locked out.
      await app.signInLimits.clear(accountKey);
      if (!deviceKey) await app.signInLimits.giveBack(TOTAL_LIMIT_KEY);
      const methods = await app.secondFactors.methodsOf(person.id);
      const stage = methods.length > 0 ? "second-factor" : "complete";
      const cookie = await team.openSession({ personId: person.id, stage, userAgent: request.headers["user-agent"] });
      // A sign-in is recorded once complete (team.completeSignIn records the second step's).
      if (stage === "complete") await audit(request, "sign-in", {}, person.email);
      const state: SignInState = stage === "complete" ? { enabled: true, signedIn: true } : { enabled: true, signedIn: false, secondFactor: methods };
      // Complete without a second step: this browser is a known device from now on (else once the second step is given).
      const cookies = stage === "complete" ? [sessionCookie(cookie, app.config.admin.sessionTtlMs), app.team.deviceCookie(person.id)] : [sessionCookie(cookie, app.config.admin.sessionTtlMs)];
      return reply.header("set-cookie", cookies).send(state);
    }),
  );

  // A passkey alone, chosen from the email field's autofill or by "Sign in with a passkey": user-verified,
  // it is both factors. No guessing can pass it, so the account's lock and the total never refuse it;
  // the per-address limit still does (a flood of made-up answers costs a signature check each).
  const factors = app[SECOND_FACTORS];
  app.post(
    local(teamEndpoints.passkeyOnlyOptions),
    { bodyLimit: SIGNED_OUT_BODY_BYTES, config: { rateLimit: { ...rateLimit, max: Math.max(PASSKEY_OPTIONS_MAX, rateLimit.max) } } },
    async (request, reply) => {
      if (!v.is(NoBody, request.body)) return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
      return factors.passkeyOnlyOptions();
    },
  );

  app.post(local(teamEndpoints.passkeyOnlyVerify), { bodyLimit: WEBAUTHN_BODY_BYTES, config: { rateLimit } }, inTurn(async (request, reply) => {
    const body = v.safeParse(PasskeyOnlyBody, request.body);
    if (!body.success) {
      await audit(request, "sign-in-failed", { reason: "malformed", method: "passkey" }, ANONYMOUS_ACTOR);
      return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
    }
    const answer = await factors.passkeyOnly(body.output.response);
    const person = answer.ok ? await team.personById(answer.personId) : undefined;
    if (!person) {
      await audit(request, "sign-in-failed", { reason: answer.ok ? "removed" : answer.reason, method: "passkey" }, ANONYMOUS_ACTOR);
      const message = !answer.ok && answer.reason === "expired" ? PASSKEY_EXPIRED : PASSKEY_REFUSED;
      return reply.code(401).send({ statusCode: 401, message });
    }
    // As a password followed by a second step: a complete session, the browser a known device, a sign-in recorded.
    const cookie = await team.openSession({ personId: person.id, stage: "complete", userAgent: request.headers["user-agent"] });
    await audit(request, "sign-in", { method: "passkey-only" }, person.email);
    return reply
      .header("set-cookie", [sessionCookie(cookie, app.config.admin.sessionTtlMs), app.team.deviceCookie(person.id)])
      .send({ enabled: true, signedIn: true } satisfies SignInState);
  }));

  /** The account locked: recorded, and its person told (once per lock, whichever instance locked it). */
  const lockedOut = async (request: FastifyRequest, person: PersonRow) => {
    await audit(request, "account-locked", { id: person.id, minutes: ACCOUNT_LOCK_MS / 60_000 }, ANONYMOUS_ACTOR);
    const text = [
      `There were ${ACCOUNT_LOCK_AFTER} wrong passwords in a row for your account, so it is locked for ${ACCOUNT_LOCK_MS / 60_000} minutes. Meanwhile only a browser where you have signed in before can sign you in.`,
      "If it was not you, someone is guessing your password: once the lock ends, sign in and make sure your password is not used anywhere else, and set up a second factor if you have none.",
    ].join("\n\n");
    await app.team.notify(toMember(person), { subject: "Your account is locked for a while", text }).catch((error: unknown) => request.log.error({ err: error }, "team: the lock notice was not sent"));
  };

  // "Forgot your password": the same answer whether or not the address is in the team, so it tells a
  // stranger nothing; the link goes to the address itself (or, without a mail server, `npm run owners -- reset`).
  app.post(local(teamEndpoints.passwordReset), { bodyLimit: SIGNED_OUT_BODY_BYTES, config: { rateLimit } }, async (request, reply) => {
    const body = v.safeParse(ResetRequestBody, request.body);
    if (!body.success) return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
    const person = await team.personByEmail(body.output.email);
    if (person) {
      const { token } = await team.createReset(person.id);
      const link = new URL(resetLinkPath(token), app.config.publicSiteUrl).toString();
      await audit(request, "password-reset-requested", { id: person.id }, ANONYMOUS_ACTOR);
      await app.team.notify(toMember(person), resetNotice(link)).catch((error: unknown) => request.log.error({ err: error }, "team: the reset link was not sent"));
    }
    return reply.code(202).send({ sent: true });
  });

  app.get(local(teamEndpoints.passwordResetLink), async (request, reply) => {
    const query = v.safeParse(ResetLinkQuery, request.query);
    const person = query.success ? await team.resetByToken(query.output.token) : undefined;
    if (!person) return reply.code(404).send({ statusCode: 404, message: RESET_GONE });
    return { email: person.email };
  });

  // The link used, once: the new password under the joining rules, every session of the person ended, and
  // the address's run of wrong passwords forgotten (a person who forgot theirs has often locked it).
  app.post(local(teamEndpoints.passwordResetLink), { bodyLimit: SIGNED_OUT_BODY_BYTES, config: { rateLimit } }, async (request, reply) => {
    const body = v.safeParse(ResetBody, request.body);
    if (!body.success) return reply.code(400).send({ statusCode: 400, message: "Bad Request" });
    const person = await team.resetByToken(body.output.token);
    if (!person) return reply.code(404).send({ statusCode: 404, message: RESET_GONE });
    const problem = passwordProblem(body.output.password, person.email);
    if (problem) return reply.code(400).send({ statusCode: 400, message: problem });
    const used = await team.useReset(body.output.token, await hashPassword(body.output.password));
    if (!used) return reply.code(404).send({ statusCode: 404, message: RESET_GONE });
    await app.signInLimits.clear(accountLimitKey(person.email));
    await audit(request, "password-reset", { id: person.id, sessions: used.sessionsEnded }, person.email);
    await app.team
      .notify(toMember(person), { subject: "Your password was reset", text: "The password of your account was set through a reset link, and every session of yours was ended.\n\nIf this was not you, tell the site's owner at once." })
      .catch((error: unknown) => request.log.error({ err: error }, "team: the reset notice was not sent"));
    return { reset: true };
  });

  // Signing out ends the session in the store: a copy of the cookie is worthless from now on, on every instance.
  app.delete("/session", { bodyLimit: SIGNED_OUT_BODY_BYTES }, async (request, reply) => {
    // Only a live session signing out is an action (the route needs none: a stale page may call it).
    const session = await app.team.sessionOf(request);
    if (session) await audit(request, "sign-out", {}, session.person.email);
    await team.endSession(readCookie(request.headers.cookie, SESSION_COOKIE));
    return reply.header("set-cookie", clearedSessionCookie).send({ enabled: true, signedIn: false } satisfies SignInState);
  });
}
