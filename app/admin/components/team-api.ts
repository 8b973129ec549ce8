import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { adminEndpoints } from "../../../contract/admin";
import {
  teamEndpoints,
  type InviteCreated,
  type InviteInfo,
  type InviteSummary,
  type Me,
  type PasswordChanged,
  type Person,
  type RecoveryCodes,
  type Role,
  type SessionInfo,
  type SignInState,
  type TeamSettings,
  type TotpSetup,
} from "../../../contract/team";
import { ApiError, call, json, send } from "./admin-api";

// The team's calls: signing in (two steps), invitations, a person's own
// account and the owner's team. Signed-in calls go through `call`, so a 401
// is Unauthorized (back to sign-in); sign-in steps and invitations through
// `send`, where a 401 is a wrong password or code.

/** The first step's outcome: the server's SignInState, or why it refused. */
export type SignInOutcome = SignInState | "wrong" | "limited";

export const teamApi = {
  async signIn(email: string, password: string): Promise<SignInOutcome> {
    try {
      return await send<SignInState>(adminEndpoints.session, json("POST", { email, password }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return "wrong";
      if (error instanceof ApiError && error.status === 429) return "limited";
      throw error;
    }
  },
  secondFactor: (code: string) => send<SignInState>(teamEndpoints.secondFactor, json("POST", { code })),
  /** The passkey way of the second step: the server's challenge, the device's answer, the server's check. */
  async passkeySignIn(): Promise<SignInState> {
    const optionsJSON = await send<PublicKeyCredentialRequestOptionsJSON>(teamEndpoints.passkeySignInOptions, { method: "POST" });
    const response = await startAuthentication({ optionsJSON });
    return send<SignInState>(teamEndpoints.passkeySignInVerify, json("POST", { response }));
  },
  /**
   * A passkey alone (both factors): no email typed, the device offers its passkeys for the site. With
   * `autofill`, they are offered among the email field's suggestions and this waits until one is chosen.
   */
  async passkeyOnlySignIn({ autofill, wanted = () => true }: { autofill: boolean; wanted?: () => boolean }): Promise<SignInState> {
    const optionsJSON = await send<PublicKeyCredentialRequestOptionsJSON>(teamEndpoints.passkeyOnlyOptions, { method: "POST" });
    // The form may have gone while the options came: a request begun now would wait with nobody to answer it.
    if (!wanted()) throw new DOMException("The sign-in form has gone", "AbortError");
    const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
    return send<SignInState>(teamEndpoints.passkeyOnlyVerify, json("POST", { response }));
  },

  /** What an invitation is for; a 404 (used, expired, withdrawn or unknown) is null. */
  async invitation(token: string): Promise<InviteInfo | null> {
    try {
      return await send<InviteInfo>(`${teamEndpoints.inviteLookup}?${new URLSearchParams({ token })}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /** "Forgot your password": the same answer whether or not the address is in the team. */
  requestReset: (email: string) => send<unknown>(teamEndpoints.passwordReset, json("POST", { email })),
  /** Whose a reset link is; a 404 (used, expired or unknown) is null. */
  async resetLink(token: string): Promise<{ email: string } | null> {
    try {
      return await send<{ email: string }>(`${teamEndpoints.passwordResetLink}?${new URLSearchParams({ token })}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  useReset: (token: string, password: string) => send<unknown>(teamEndpoints.passwordResetLink, json("POST", { token, password })),
  acceptInvitation: (token: string, name: string, password: string) => send<SignInState>(teamEndpoints.inviteLookup, json("POST", { token, name, password })),

  me: () => call<Me>(teamEndpoints.me),
  sessions: () => call<SessionInfo[]>(teamEndpoints.sessions),
  endSession: (id: string) => call<unknown>(teamEndpoints.session(id), { method: "DELETE" }),
  endOtherSessions: () => call<unknown>(teamEndpoints.sessions, { method: "DELETE" }),

  /** A passkey registered on this device; the answer holds recovery codes when it was the first factor. */
  async addPasskey(name: string): Promise<Partial<RecoveryCodes>> {
    const optionsJSON = await call<PublicKeyCredentialCreationOptionsJSON>(teamEndpoints.passkeyOptions, { method: "POST" });
    const response = await startRegistration({ optionsJSON });
    return call<Partial<RecoveryCodes>>(teamEndpoints.passkeyVerify, json("POST", { response, name }));
  },
  removePasskey: (id: string) => call<unknown>(teamEndpoints.passkey(id), { method: "DELETE" }),
  startTotp: () => call<TotpSetup>(teamEndpoints.totp, { method: "POST" }),
  /** The first code from the app: the secret is kept; recovery codes come back when it was the first factor. */
  confirmTotp: (code: string) => call<Partial<RecoveryCodes>>(teamEndpoints.totpConfirm, json("POST", { code })),
  removeTotp: () => call<unknown>(teamEndpoints.totp, { method: "DELETE" }),
  newRecoveryCodes: () => call<RecoveryCodes>(teamEndpoints.recoveryCodes, { method: "POST" }),
  /** "It is me": a security change needs no password for a while. A 400 is a wrong password. */
  confirm: (password: string) => call<unknown>(teamEndpoints.confirm, json("POST", { password })),
  /** "It is me" by one of my passkeys, user-verified. A 400 is a passkey that did not confirm it. */
  async confirmWithPasskey(): Promise<unknown> {
    const optionsJSON = await call<PublicKeyCredentialRequestOptionsJSON>(teamEndpoints.confirmPasskeyOptions, { method: "POST" });
    const response = await startAuthentication({ optionsJSON });
    return call<unknown>(teamEndpoints.confirmPasskeyVerify, json("POST", { response }));
  },
  /** A 400 names what was wrong (the current password, or the new one's rule). */
  changePassword: (current: string, password: string) => call<PasswordChanged>(teamEndpoints.password, json("PUT", { current, password })),

  people: () => call<Person[]>(teamEndpoints.people),
  changeRole: (id: string, role: Role) => call<unknown>(teamEndpoints.person(id), json("PATCH", { role })),
  removePerson: (id: string) => call<unknown>(teamEndpoints.person(id), { method: "DELETE" }),
  invites: () => call<InviteSummary[]>(teamEndpoints.invites),
  invite: (email: string, role: Role) => call<InviteCreated>(teamEndpoints.invites, json("POST", { email, role })),
  withdrawInvite: (id: string) => call<unknown>(teamEndpoints.invite(id), { method: "DELETE" }),
  settings: () => call<TeamSettings>(teamEndpoints.settings),
  saveSettings: (settings: TeamSettings) => call<TeamSettings>(teamEndpoints.settings, json("PUT", settings)),
};
