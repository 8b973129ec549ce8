import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import { singleLineText } from "../../../contract/input-policy";
import { CONFIRM_IT_IS_YOU, teamEndpoints, type RecoveryCodes, type SignInState } from "../../../contract/team";
import { recordRequestAction, SIGNED_OUT_BODY_BYTES } from "../../admin/owner-requests";
import type { OwnerSession } from "../team-types";
import { inTurn } from "../sign-in-turns";
import { secondFactorNotices as notices } from "./second-factor-notices";
import { SECOND_FACTORS } from "./second-factors-plugin";
import { DEFAULT_PASSKEY_NAME, PASSKEY_NAME_MAX, PERSON_CODE_ATTEMPTS_MAX, PERSON_CODE_WINDOW_MS, SECOND_STEP_ATTEMPTS_MAX } from "./second-factors";

// The second factors' routes, registered by the team's plugin in its scope
// (behind its cross-site check). Each route checks the session itself: the
// /me/* routes need a complete sign-in, the sign-in's second step one waiting
// for it. Every change is a row of the audit trail and an email to the person.

/** A WebAuthn answer: an attestation carries a certificate chain at most, well under this. */
export const WEBAUTHN_BODY_BYTES = 16 * 1024;
/** A signature as base64url: an RSA key's (RS256) is several times an EC key's, and Chromium's own passes 1 KiB. */
const SIGNATURE_MAX = 4096;
/** A code as typed: six digits or a recovery code, with room for spaces. */
const CODE_MAX = 40;

const base64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*$/));
/** A credential id is at most 1023 bytes. */
const credentialId = base64url(1400);
const transports = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(10)));
// The browser's JSON grows new members (publicKey, authenticatorData, …): they are dropped, not refused.
const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: v.literal("public-key"),
  authenticatorAttachment: v.optional(v.picklist(["platform", "cross-platform"])),
  clientExtensionResults: v.optional(v.object({}), {}),
};
const RegistrationResponse = v.object({
  ...credentialFields,
  response: v.object({ clientDataJSON: base64url(4096), attestationObject: base64url(WEBAUTHN_BODY_BYTES), transports }),
});
export const AuthenticationResponse = v.object({
  ...credentialFields,
  response: v.object({ clientDataJSON: base64url(4096), authenticatorData: base64url(4096), signature: base64url(SIGNATURE_MAX), userHandle: v.optional(base64url(128)) }),
});

const CodeBody = v.strictObject({ code: v.pipe(v.string(), v.maxLength(CODE_MAX)) });
const NoBody = v.optional(v.nullable(v.strictObject({})));
const PasskeyBody = v.strictObject({
  response: RegistrationResponse,
  name: v.optional(v.pipe(singleLineText, v.maxLength(PASSKEY_NAME_MAX))),
});
const SignInBody = v.strictObject({ response: AuthenticationResponse });
const IdParams = v.object({ id: credentialId });

const unauthorized = { statusCode: 401, message: "Unauthorized" };
const badRequest = { statusCode: 400, message: "Bad Request" };
const notFound = { statusCode: 404, message: "Not Found" };
const messages = {
  wrongCode: "That code did not work. Please check it and try again.",
  passkeyFailed: "That passkey did not work. Please try again, or use another way.",
  tooMany: `That was ${SECOND_STEP_ATTEMPTS_MAX} wrong tries: please sign in again.`,
  personTooMany: `Too many codes were tried for this account. Please wait ${PERSON_CODE_WINDOW_MS / 60_000} minutes, or use a passkey.`,
  totpNotConfirmed: "That code did not match the new authenticator. Please check the app's clock and try the current code.",
  lastFactor: "This is your only second factor: add a passkey or an authenticator app before removing it, or you could not sign in.",
  registrationExpired: "The passkey request expired. Please try again.",
  registrationFailed: "That passkey could not be added. Please try again.",
  passkeyKnown: "That passkey is already in use.",
  noPasskey: "No passkey is set up for this account: use a code instead.",
  noPasskeyToConfirm: "No passkey is set up for this account: enter your password instead.",
  notConfirmed: "That passkey did not confirm it is you. Please try again, or enter your password.",
  noFactor: "Add a passkey or an authenticator app first: recovery codes stand in for one.",
} as const;

/** The second factors' routes, in the team plugin's scope. */
export function secondFactorRoutes(app: FastifyInstance) {
  const factors = app[SECOND_FACTORS];
  const local = (path: string) => path.slice(app.prefix.length);

  /**
   * A complete session whose person proved it was them within CONFIRM_WITHIN_MS: a security change asks
   * again otherwise (403 CONFIRM_IT_IS_YOU), so a session left open on a shared screen cannot add a factor.
   */
  const confirmedSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionAt(request, reply, "complete");
    if (!session) return undefined;
    if (app.team.recentlyConfirmed(session)) return session;
    reply.code(403).send({ statusCode: 403, message: CONFIRM_IT_IS_YOU });
    return undefined;
  };

  /** The request's session when it is at `stage`; otherwise answers 401 and gives undefined. */
  const sessionAt = async (request: FastifyRequest, reply: FastifyReply, stage: OwnerSession["stage"]) => {
    const session = await app.team.sessionOf(request);
    if (session?.stage === stage) return session;
    reply.code(401).send(unauthorized);
    return undefined;
  };
  const audit = (request: FastifyRequest, session: OwnerSession, action: Parameters<typeof recordRequestAction>[2], detail: Record<string, string | number>) =>
    recordRequestAction(app.audit, request, action, detail, session.person.email);
  const notify = (session: OwnerSession, notice: { subject: string; text: string }) => app.team.notify(session.person, notice);

  /** A wrong second step: counted, and the fifth ends the sign-in. */
  const wrongStep = async (request: FastifyRequest, reply: FastifyReply, session: OwnerSession, method: string, message: string) => {
    const failures = await factors.failed(session);
    await audit(request, session, "sign-in-failed", { reason: "second-factor", method, failures });
    return reply.code(401).send({ statusCode: 401, message: failures >= SECOND_STEP_ATTEMPTS_MAX ? messages.tooMany : message });
  };
  const signedIn: SignInState = { enabled: true, signedIn: true };

  // The sign-in's second step.

  app.post(local(teamEndpoints.secondFactor), { bodyLimit: SIGNED_OUT_BODY_BYTES }, inTurn(async (request, reply) => {
    const session = await sessionAt(request, reply, "second-factor");
    if (!session) return reply;
    if (await factors.exhausted(session)) return reply.code(401).send({ statusCode: 401, message: messages.tooMany });
    const body = v.safeParse(CodeBody, request.body);
    if (!body.success) return reply.code(400).send(badRequest);
    // Counted for the person before it is checked, whichever session or address it comes from:
    // a new sign-in gives a new session five tries, never the person more than ten a window.
    const tried = await factors.claimCodeAttempt(session.person.id);
    if (tried === undefined) return reply.code(429).header("retry-after", String(PERSON_CODE_WINDOW_MS / 1000)).send({ statusCode: 429, message: messages.personTooMany });
    const method = await factors.checkCode(session.person.id, body.output.code);
    if (!method) {
      // The try that used up the person's codes, wrong: recorded and told once a window, whoever sent it.
      if (tried === PERSON_CODE_ATTEMPTS_MAX) {
        await audit(request, session, "account-locked", { id: session.person.id, step: "second", minutes: PERSON_CODE_WINDOW_MS / 60_000 });
        await notify(session, notices.codesLocked(PERSON_CODE_ATTEMPTS_MAX, PERSON_CODE_WINDOW_MS / 60_000));
      }
      return wrongStep(request, reply, session, "code", messages.wrongCode);
    }
    await factors.codeWasRight(session.person.id);
    await app.team.completeSignIn(request, reply, session, method);
    if (method === "recovery") await notify(session, notices.recoveryCodeUsed(await factors.recoveryCodesLeft(session.person.id)));
    return signedIn;
  }));

  app.post(local(teamEndpoints.passkeySignInOptions), { bodyLimit: SIGNED_OUT_BODY_BYTES }, async (request, reply) => {
    const session = await sessionAt(request, reply, "second-factor");
    if (!session) return reply;
    if (await factors.exhausted(session)) return reply.code(401).send({ statusCode: 401, message: messages.tooMany });
    if (!v.is(NoBody, request.body)) return reply.code(400).send(badRequest);
    return (await factors.signInOptions(session)) ?? reply.code(409).send({ statusCode: 409, message: messages.noPasskey });
  });

  app.post(local(teamEndpoints.passkeySignInVerify), { bodyLimit: WEBAUTHN_BODY_BYTES }, inTurn(async (request, reply) => {
    const session = await sessionAt(request, reply, "second-factor");
    if (!session) return reply;
    if (await factors.exhausted(session)) return reply.code(401).send({ statusCode: 401, message: messages.tooMany });
    const body = v.safeParse(SignInBody, request.body);
    if (!body.success) return reply.code(400).send(badRequest);
    if (!(await factors.signInWithPasskey(session, body.output.response satisfies AuthenticationResponseJSON))) {
      return wrongStep(request, reply, session, "passkey", messages.passkeyFailed);
    }
    await app.team.completeSignIn(request, reply, session, "passkey");
    return signedIn;
  }));

  // "It is me" by a passkey, user-verified: the same confirmation the password gives (team-routes.ts).

  app.post(local(teamEndpoints.confirmPasskeyOptions), async (request, reply) => {
    const session = await sessionAt(request, reply, "complete");
    if (!session) return reply;
    if (!v.is(NoBody, request.body)) return reply.code(400).send(badRequest);
    return (await factors.confirmOptions(session)) ?? reply.code(409).send({ statusCode: 409, message: messages.noPasskeyToConfirm });
  });

  app.post(local(teamEndpoints.confirmPasskeyVerify), { bodyLimit: WEBAUTHN_BODY_BYTES }, async (request, reply) => {
    const session = await sessionAt(request, reply, "complete");
    if (!session) return reply;
    const body = v.safeParse(SignInBody, request.body);
    if (!body.success) return reply.code(400).send(badRequest);
    if (!(await factors.confirmWithPasskey(session, body.output.response satisfies AuthenticationResponseJSON))) {
      return reply.code(400).send({ statusCode: 400, message: messages.notConfirmed });
    }
    await app.team.confirmed(session);
    return { confirmed: true };
  });

  // The person's own second factors, once signed in.

  app.post(local(teamEndpoints.totp), async (request, reply) => {
    const session = await confirmedSession(request, reply);
    if (!session) return reply;
    if (!v.is(NoBody, request.body)) return reply.code(400).send(badRequest);
    return factors.startTotp(session.person);
  });

  app.post(local(teamEndpoints.totpConfirm), async (request, reply) => {
    const session = await sessionAt(request, reply, "complete");
    if (!session) return reply;
    const body = v.safeParse(CodeBody, request.body);
    if (!body.success) return reply.code(400).send(badRequest);
    const confirmed = await factors.confirmTotp(session.person, body.output.code.replace(/\s/g, ""));
    if (!confirmed.ok) return reply.code(400).send({ statusCode: 400, message: messages.totpNotConfirmed });
    await audit(request, session, "second-factor-added", { method: "totp", recoveryCodes: confirmed.recoveryCodes.length });
    await notify(session, notices.totpAdded());
    return { codes: confirmed.recoveryCodes } satisfies RecoveryCodes;
  });

  app.delete(local(teamEndpoints.totp), async (request, reply) => {
    const session = await confirmedSession(request, reply);
    if (!session) return reply;
    const removal = await factors.removeTotp(session.person.id);
    if (removal === "missing") return reply.code(404).send(notFound);
    if (removal === "last") return reply.code(409).send({ statusCode: 409, message: messages.lastFactor });
    await audit(request, session, "second-factor-removed", { method: "totp" });
    await notify(session, notices.totpRemoved());
    return { removed: true };
  });

  app.post(local(teamEndpoints.passkeyOptions), async (request, reply) => {
    const session = await confirmedSession(request, reply);
    if (!session) return reply;
    if (!v.is(NoBody, request.body)) return reply.code(400).send(badRequest);
    return factors.registrationOptions(session);
  });

  app.post(local(teamEndpoints.passkeyVerify), { bodyLimit: WEBAUTHN_BODY_BYTES }, async (request, reply) => {
    const session = await sessionAt(request, reply, "complete");
    if (!session) return reply;
    const body = v.safeParse(PasskeyBody, request.body);
    if (!body.success) return reply.code(400).send(badRequest);
    const name = body.output.name || DEFAULT_PASSKEY_NAME;
    const registered = await factors.register(session, body.output.response satisfies RegistrationResponseJSON, name);
    if (!registered.ok) {
      const message = { expired: messages.registrationExpired, invalid: messages.registrationFailed, known: messages.passkeyKnown }[registered.reason];
      return reply.code(registered.reason === "known" ? 409 : 400).send({ statusCode: registered.reason === "known" ? 409 : 400, message });
    }
    await audit(request, session, "second-factor-added", { method: "passkey", recoveryCodes: registered.recoveryCodes.length });
    await notify(session, notices.passkeyAdded(name));
    return { passkey: registered.passkey, codes: registered.recoveryCodes };
  });

  app.delete(local(teamEndpoints.passkey(":id")).replace("%3Aid", ":id"), async (request, reply) => {
    const session = await confirmedSession(request, reply);
    if (!session) return reply;
    const params = v.safeParse(IdParams, request.params);
    if (!params.success) return reply.code(404).send(notFound);
    const { passkeys } = await factors.summaryOf(session.person.id);
    const removal = await factors.removePasskey(session.person.id, params.output.id);
    if (removal === "missing") return reply.code(404).send(notFound);
    if (removal === "last") return reply.code(409).send({ statusCode: 409, message: messages.lastFactor });
    await audit(request, session, "second-factor-removed", { method: "passkey" });
    await notify(session, notices.passkeyRemoved(passkeys.find((passkey) => passkey.id === params.output.id)?.name ?? DEFAULT_PASSKEY_NAME));
    return { removed: true };
  });

  app.post(local(teamEndpoints.recoveryCodes), async (request, reply) => {
    const session = await confirmedSession(request, reply);
    if (!session) return reply;
    if (!v.is(NoBody, request.body)) return reply.code(400).send(badRequest);
    if ((await factors.methodsOf(session.person.id)).length === 0) return reply.code(409).send({ statusCode: 409, message: messages.noFactor });
    const codes = await factors.renewRecoveryCodes(session.person.id);
    await audit(request, session, "recovery-codes-renewed", { codes: codes.length });
    await notify(session, notices.recoveryCodesRenewed());
    return { codes } satisfies RecoveryCodes;
  });
}
