import type { FastifyReply, FastifyRequest } from "fastify";
import type { PasskeyInfo, Role, SecondFactorMethod } from "../../contract/team";
import type { KnownDevice } from "./device-cookie";

// Where the team's sign-in (people, sessions, roles: team-plugin.ts) and the
// second factors (passkeys, authenticator codes, recovery codes:
// second-factor/) meet. Each side decorates the instance with one of these.

/** A person as a signed-in request knows them. */
export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/** The session behind a request: complete, or waiting for the second step of its sign-in. */
export interface OwnerSession {
  /** The session's id hash (never the cookie's value). */
  idHash: string;
  person: TeamMember;
  stage: "second-factor" | "complete";
  /** When the person last gave their password or a second step in this session (ISO); null when never recorded. */
  confirmedAt?: string | null;
}

export interface TeamAccess {
  /** The live session the request's cookie names, at either stage; undefined when none. */
  sessionOf(request: FastifyRequest): Promise<OwnerSession | undefined>;
  /**
   * The second step succeeded: the session becomes complete, the sign-in is
   * recorded with its method, and the reply makes the browser a known device.
   */
  completeSignIn(request: FastifyRequest, reply: FastifyReply, session: OwnerSession, method: SecondFactorMethod): Promise<void>;
  /** The person proved it was them again (a passkey, as the password does): security changes are open for CONFIRM_WITHIN_MS. */
  confirmed(session: OwnerSession): Promise<void>;
  /** Whether the session's person proved it was them recently enough for a security change (CONFIRM_WITHIN_MS). */
  recentlyConfirmed(session: OwnerSession): boolean;
  /** The Set-Cookie value that makes this browser a known device of the person (device-cookie.ts). */
  deviceCookie(personId: string): string;
  /** The person and device the request's device cookie names, when its signature holds. */
  knownDevice(request: FastifyRequest): KnownDevice | undefined;
  /** An email to one person of the team (through the outbox, so it survives a restart). */
  notify(person: TeamMember, message: { subject: string; text: string }): Promise<void>;
}

export interface SecondFactors {
  /** The ways this person can give a second step: [] when none is set up. */
  methodsOf(personId: string): Promise<SecondFactorMethod[]>;
  summaryOf(personId: string): Promise<{ totp: boolean; passkeys: PasskeyInfo[]; recoveryCodesLeft: number }>;
  /** Everything of theirs removed (the person left the team). */
  forget(personId: string): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The team's sessions as the routes see them; none without a team (no ADMIN_PASSWORD and nobody invited). */
    team: TeamAccess;
    /** Each person's passkeys, authenticator and recovery codes. */
    secondFactors: SecondFactors;
  }
}
