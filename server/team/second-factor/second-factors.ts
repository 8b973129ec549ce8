import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Secret, TOTP } from "otpauth";
import type { PasskeyInfo, SecondFactorMethod, TotpSetup } from "../../../contract/team";
import type { PasskeyRow, SecondFactorStore } from "../../store/second-factor-store";
import type { OwnerSession, SecondFactors, TeamMember } from "../team-types";
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from "./recovery-codes";
import { secretBox } from "./secret-box";
import type { SignInLimits } from "../../store/sign-in-limits-store";

// What the second factors mean, on top of their rows: authenticator codes
// (RFC 6238, 30-second steps, each code accepted once), passkeys (WebAuthn
// through SimpleWebAuthn, challenges kept in the store for five minutes) and
// recovery codes. The routes (second-factor-routes.ts) decide who may ask.

/** How long a passkey ceremony may take between its options and its answer. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong second steps a sign-in may give before it has to start again. */
export const SECOND_STEP_ATTEMPTS_MAX = 5;
/** Codes one person may try across all their sessions and addresses per window: a password alone then buys few guesses. */
export const PERSON_CODE_ATTEMPTS_MAX = 10;
export const PERSON_CODE_WINDOW_MS = 15 * 60 * 1000;
/** The key of a person's codes' counter among the sign-in's limits. */
export const codeLimitKey = (personId: string) => `second-step:${personId}`;
/** How long a session's wrong second steps are remembered: longer than a sign-in waits at its second step. */
const FAILURES_KEPT_MS = 24 * 60 * 60 * 1000;
/** An authenticator code from one step either side of ours is accepted: clocks drift, people type slowly. */
const TOTP_WINDOW = 1;
const TOTP_SECRET_BYTES = 20;
export const PASSKEY_NAME_MAX = 60;
/**
 * A sign-in by passkey alone has no session yet: its challenge is kept under
 * a hash of itself, found again from the answer's client data, and taken once.
 */
const passkeyOnlyKey = (challenge: string) => `passkey-only:${createHash("sha256").update(challenge).digest("base64url")}`;
/** The user handle a passkey of ours carries: the person's id, as registrationOptions gave it. */
const userHandleOf = (personId: string) => Buffer.from(personId).toString("base64url");
/** The challenge an answer's client data names; undefined when it names none. */
function challengeOf(response: AuthenticationResponseJSON): string | undefined {
  try {
    const { challenge } = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 256 ? challenge : undefined;
  } catch {
    return undefined;
  }
}
export const DEFAULT_PASSKEY_NAME = "Passkey";

export interface SecondFactorSettings {
  store: SecondFactorStore;
  /** Where each person's codes are counted, before each is checked (app.signInLimits). */
  limits: SignInLimits;
  /** The key the authenticator secrets are sealed under is derived from it (app.secrets.session). */
  secret: string;
  /** The issuer an authenticator app shows, and the name a passkey prompt shows. */
  siteName: string;
  /** The site people sign in on: its host is the passkeys' relying party, its origin the one they answer for. */
  publicSiteUrl: URL;
  now?: () => number;
  /** Where a refused passkey's reason goes (a wrong PUBLIC_SITE_URL shows up here first). */
  log?: Pick<FastifyBaseLogger, "info">;
}

/** A passkey alone: whose it was, or why it was refused. */
export type PasskeyOnly = { ok: true; personId: string } | { ok: false; reason: "expired" | "invalid" };

/** Why a factor was not removed: it was not there, or it is the person's last one. */
export type Removal = "removed" | "missing" | "last";

export type Registered = { ok: true; passkey: PasskeyInfo; recoveryCodes: string[] } | { ok: false; reason: "expired" | "invalid" | "known" };

/** Everything the routes use; the instance's `secondFactors` is the part the rest of the team needs. */
export interface SecondFactorService extends SecondFactors {
  startTotp(person: TeamMember): Promise<TotpSetup>;
  /** The pending authenticator confirmed by a code from it, with ten recovery codes when the person holds none. */
  confirmTotp(person: TeamMember, code: string): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }>;
  removeTotp(personId: string): Promise<Removal>;
  registrationOptions(session: OwnerSession): Promise<PublicKeyCredentialCreationOptionsJSON>;
  register(session: OwnerSession, response: RegistrationResponseJSON, name: string): Promise<Registered>;
  removePasskey(personId: string, id: string): Promise<Removal>;
  /** Undefined when the person has no passkey. */
  signInOptions(session: OwnerSession): Promise<PublicKeyCredentialRequestOptionsJSON | undefined>;
  /** The assertion checked against the session's challenge and one of the person's passkeys; its counter and use recorded. */
  signInWithPasskey(session: OwnerSession, response: AuthenticationResponseJSON): Promise<boolean>;
  /** Options for a sign-in by a passkey alone: no list of passkeys (the device offers its own), user verification required. */
  passkeyOnlyOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The answer to passkeyOnlyOptions: its challenge taken once, the passkey's person, its counter and use recorded. */
  passkeyOnly(response: AuthenticationResponseJSON): Promise<PasskeyOnly>;
  /** Options to confirm it is the session's person by one of their passkeys; undefined when they have none. */
  confirmOptions(session: OwnerSession): Promise<PublicKeyCredentialRequestOptionsJSON | undefined>;
  /** The answer to confirmOptions, user-verified, from one of the session's person's passkeys. */
  confirmWithPasskey(session: OwnerSession, response: AuthenticationResponseJSON): Promise<boolean>;
  /** An authenticator code or a recovery code, spent if it is good: which it was, or undefined. */
  checkCode(personId: string, code: string): Promise<"totp" | "recovery" | undefined>;
  /**
   * One more code tried by the person, counted across all their sessions
   * before it is checked: how many with it in the window, or undefined when
   * they have tried PERSON_CODE_ATTEMPTS_MAX already.
   */
  claimCodeAttempt(personId: string): Promise<number | undefined>;
  /** A right code gives its count back: only the wrong ones use up the person's tries. */
  codeWasRight(personId: string): Promise<void>;
  /** One more wrong second step for this session: how many it has given. */
  failed(session: OwnerSession): Promise<number>;
  /** Whether the session has used up its wrong second steps. */
  exhausted(session: OwnerSession): Promise<boolean>;
  renewRecoveryCodes(personId: string): Promise<string[]>;
  recoveryCodesLeft(personId: string): Promise<number>;
}

const passkeyInfo = (row: PasskeyRow): PasskeyInfo => ({ id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt });

export function createSecondFactors({ store, limits, secret, siteName, publicSiteUrl, now = Date.now, log }: SecondFactorSettings): SecondFactorService {
  const box = secretBox(secret, "authenticator secrets");
  const rpID = publicSiteUrl.hostname;
  const expectedOrigin = publicSiteUrl.origin;
  const iso = () => new Date(now()).toISOString();
  const totpFor = (label: string, base32: string) =>
    new TOTP({ issuer: siteName, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(base32) });

  /** The step a code is good for, or undefined. */
  const stepOf = (totp: TOTP, code: string): number | undefined => {
    const timestamp = now();
    const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
    return delta === null ? undefined : totp.counter({ timestamp }) + delta;
  };

  /** Ten recovery codes when the person holds no unused ones: the first second factor brings them. */
  const codesIfNone = async (personId: string) => ((await store.unusedRecoveryCodes(personId)) > 0 ? [] : issueRecoveryCodes(personId));
  const issueRecoveryCodes = async (personId: string) => {
    const codes = newRecoveryCodes();
    await store.replaceRecoveryCodes(personId, codes.map((code) => hashRecoveryCode(normaliseRecoveryCode(code)!)));
    return codes;
  };

  const openSecret = (sealed: string, personId: string) => {
    try {
      return box.open(sealed, personId);
    } catch (error) {
      throw new Error(
        `The authenticator secret of ${personId} does not open under the key derived from ADMIN_SESSION_SECRET (changed since it was set up?): ` +
          "set ADMIN_SESSION_SECRET back, or have the person set up their authenticator again.",
        { cause: error },
      );
    }
  };

  const refused = (ceremony: string) => (error: unknown) => {
    log?.info({ err: error }, `passkey ${ceremony} refused`);
    return undefined;
  };

  const hasTotp = async (personId: string) => Boolean((await store.totpOf(personId))?.confirmedAt);

  const challenge = async (session: OwnerSession, purpose: "register" | "sign-in" | "confirm", value: string) =>
    store.putChallenge(session.idHash, purpose, value, new Date(now() + CHALLENGE_TTL_MS).toISOString(), iso());

  /** Assertion options listing the person's passkeys, the challenge kept for the session; undefined when they have none. */
  const assertionOptions = async (session: OwnerSession, purpose: "sign-in" | "confirm", userVerification: "preferred" | "required") => {
    const passkeys = await store.passkeysOf(session.person.id);
    // Without a list the browser would offer any passkey for the site: nobody else's may answer for this person.
    if (passkeys.length === 0) return undefined;
    const options = await generateAuthenticationOptions({ rpID, allowCredentials: passkeys.map(({ id, transports }) => ({ id, transports })), userVerification });
    await challenge(session, purpose, options.challenge);
    return options;
  };

  /** An assertion checked against a challenge already taken and one of the person's passkeys; its counter and use recorded. */
  const answered = async (expectedChallenge: string | undefined, response: AuthenticationResponseJSON, personId: string, requireUserVerification: boolean) => {
    if (!expectedChallenge) return false;
    const passkey = await store.passkey(response.id);
    if (!passkey || passkey.personId !== personId) return false;
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin,
      expectedRPID: rpID,
      credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, "base64url"), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification,
    }).catch(refused("sign-in"));
    if (!verified?.verified) return false;
    return store.passkeyUsed(passkey.id, verified.authenticationInfo.newCounter, iso());
  };

  return {
    async methodsOf(personId) {
      const [passkeys, totp, codes] = await Promise.all([store.passkeysOf(personId), hasTotp(personId), store.unusedRecoveryCodes(personId)]);
      const methods: SecondFactorMethod[] = [];
      if (passkeys.length > 0) methods.push("passkey");
      if (totp) methods.push("totp");
      // Recovery codes stand in for a factor; without one they are no way in.
      if (methods.length > 0 && codes > 0) methods.push("recovery");
      return methods;
    },
    async summaryOf(personId) {
      const [passkeys, totp, recoveryCodesLeft] = await Promise.all([store.passkeysOf(personId), hasTotp(personId), store.unusedRecoveryCodes(personId)]);
      return { totp, passkeys: passkeys.map(passkeyInfo), recoveryCodesLeft };
    },
    forget: (personId) => store.forget(personId),

    async startTotp(person) {
      const base32 = new Secret({ size: TOTP_SECRET_BYTES }).base32;
      await store.putPendingTotp(person.id, box.seal(base32, person.id), iso());
      return { secret: base32, uri: totpFor(person.email, base32).toString() };
    },
    async confirmTotp(person, code) {
      const sealed = await store.pendingTotpOf(person.id);
      if (!sealed) return { ok: false };
      const step = stepOf(totpFor(person.email, openSecret(sealed, person.id)), code);
      if (step === undefined || !(await store.confirmTotp(person.id, sealed, step, iso()))) return { ok: false };
      return { ok: true, recoveryCodes: await codesIfNone(person.id) };
    },
    async removeTotp(personId) {
      const totp = await store.totpOf(personId);
      const pending = await store.pendingTotpOf(personId);
      if (!totp && !pending) return "missing";
      if (totp?.confirmedAt && (await store.passkeysOf(personId)).length === 0) return "last";
      await store.removeTotp(personId);
      return "removed";
    },

    async registrationOptions(session) {
      const { person } = session;
      const passkeys = await store.passkeysOf(person.id);
      const options = await generateRegistrationOptions({
        rpName: siteName,
        rpID,
        userName: person.email,
        userDisplayName: person.name,
        userID: new TextEncoder().encode(person.id),
        attestationType: "none",
        excludeCredentials: passkeys.map(({ id, transports }) => ({ id, transports })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      await challenge(session, "register", options.challenge);
      return options;
    },
    async register(session, response, name) {
      const { person } = session;
      const expectedChallenge = await store.takeChallenge(session.idHash, "register", iso());
      if (!expectedChallenge) return { ok: false, reason: "expired" };
      const verified = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin, expectedRPID: rpID, requireUserVerification: false }).catch(refused("registration"));
      if (!verified?.verified) return { ok: false, reason: "invalid" };
      const { credential } = verified.registrationInfo;
      if (await store.passkey(credential.id)) return { ok: false, reason: "known" };
      const row = {
        id: credential.id,
        personId: person.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? response.response.transports ?? [],
        name,
        createdAt: iso(),
      };
      await store.addPasskey(row);
      return { ok: true, passkey: passkeyInfo({ ...row, lastUsedAt: null }), recoveryCodes: await codesIfNone(person.id) };
    },
    async removePasskey(personId, id) {
      const passkeys = await store.passkeysOf(personId);
      if (!passkeys.some((passkey) => passkey.id === id)) return "missing";
      if (passkeys.length === 1 && !(await hasTotp(personId))) return "last";
      return (await store.removePasskey(personId, id)) ? "removed" : "missing";
    },

    signInOptions: (session) => assertionOptions(session, "sign-in", "preferred"),
    signInWithPasskey: async (session, response) => answered(await store.takeChallenge(session.idHash, "sign-in", iso()), response, session.person.id, false),
    confirmOptions: (session) => assertionOptions(session, "confirm", "required"),
    confirmWithPasskey: async (session, response) => answered(await store.takeChallenge(session.idHash, "confirm", iso()), response, session.person.id, true),

    async passkeyOnlyOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
      await store.putChallenge(passkeyOnlyKey(options.challenge), "passkey-only", options.challenge, new Date(now() + CHALLENGE_TTL_MS).toISOString(), iso());
      return options;
    },
    async passkeyOnly(response) {
      const challenge = challengeOf(response);
      const expectedChallenge = challenge && (await store.takeChallenge(passkeyOnlyKey(challenge), "passkey-only", iso()));
      if (!expectedChallenge) return { ok: false, reason: "expired" };
      const passkey = await store.passkey(response.id);
      // A discoverable passkey names its person: it must be the one it was registered to.
      if (!passkey || (response.response.userHandle !== undefined && response.response.userHandle !== userHandleOf(passkey.personId))) return { ok: false, reason: "invalid" };
      // User-verified (a PIN, a fingerprint, a face): the passkey is then both factors, the password's place taken.
      return (await answered(expectedChallenge, response, passkey.personId, true)) ? { ok: true, personId: passkey.personId } : { ok: false, reason: "invalid" };
    },

    async checkCode(personId, typed) {
      const digits = typed.replace(/\s/g, "");
      if (/^\d{6}$/.test(digits)) {
        const totp = await store.totpOf(personId);
        if (!totp?.confirmedAt) return undefined;
        const step = stepOf(totpFor(personId, openSecret(totp.secret, personId)), digits);
        return step !== undefined && (await store.takeTotpStep(personId, step)) ? "totp" : undefined;
      }
      const code = normaliseRecoveryCode(typed);
      if (!code) return undefined;
      return (await store.useRecoveryCode(personId, hashRecoveryCode(code), iso())) ? "recovery" : undefined;
    },
    async claimCodeAttempt(personId) {
      const claim = await limits.claim([{ key: codeLimitKey(personId), max: PERSON_CODE_ATTEMPTS_MAX, windowMs: PERSON_CODE_WINDOW_MS }], now());
      return claim.ok ? claim.attempts[0] : undefined;
    },
    codeWasRight: (personId) => limits.giveBack(codeLimitKey(personId), now()),
    failed: (session) => store.addFailure(session.idHash, new Date(now() + FAILURES_KEPT_MS).toISOString(), iso()),
    exhausted: async (session) => (await store.failures(session.idHash)) >= SECOND_STEP_ATTEMPTS_MAX,

    renewRecoveryCodes: issueRecoveryCodes,
    recoveryCodesLeft: (personId) => store.unusedRecoveryCodes(personId),
  };
}
