// The owner's team: the people who may sign in to /admin and the content
// editor, what each role may use, and the API the screens and the server
// share for people, invitations, sessions and second factors.

import { ADMIN_API } from "./admin";

export const roles = ["owner", "editor", "inbox", "analyst"] as const;
export type Role = (typeof roles)[number];

/**
 * What a signed-in person may use. Every owner route names the one it needs
 * (server/team/permissions.ts); a screen shows only what the role holds.
 */
export const permissions = [
  /** People, invitations, the team's settings. */
  "people",
  /** Enquiries, subscribers, the Spam view and its decisions, exports, subject access, delivery retries. */
  "leads",
  /** Erasure and the retention purge by hand. */
  "erase",
  /** The audit trail (it names people and addresses). */
  "activity",
  /** The analytics dashboard and its CSV. */
  "analytics",
  /** The content editor, previews and publishing. */
  "content",
] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Readonly<Record<Role, readonly Permission[]>> = {
  owner: permissions,
  editor: ["content"],
  inbox: ["leads"],
  analyst: ["analytics"],
};

export const can = (role: Role, permission: Permission) => rolePermissions[role].includes(permission);

/** Roles with personal data in reach: a second factor is always asked of them. */
export const holdsPersonalData = (role: Role) => can(role, "leads") || can(role, "people") || can(role, "activity");

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;
export const NAME_MAX = 100;
export const INVITE_TTL_MS = 72 * 60 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

export type SecondFactorMethod = "passkey" | "totp" | "recovery";

export const teamEndpoints = {
  /** GET: the signed-in person (Me). */
  me: `${ADMIN_API}/me`,
  /** POST { code }: the second step of a sign-in, by authenticator code or recovery code. */
  secondFactor: `${ADMIN_API}/session/second-factor`,
  /** POST: options for a passkey sign-in (second step); POST …/verify { response }: the assertion. */
  passkeySignInOptions: `${ADMIN_API}/session/passkey`,
  passkeySignInVerify: `${ADMIN_API}/session/passkey/verify`,
  /** Signed out. POST: options for a sign-in by a passkey alone (no email typed); POST …/verify { response }: signed in. */
  passkeyOnlyOptions: `${ADMIN_API}/session/passkey-only`,
  passkeyOnlyVerify: `${ADMIN_API}/session/passkey-only/verify`,
  /** GET: the team (Person[]). */
  people: `${ADMIN_API}/people`,
  /** PATCH { role }: a new role (ends their sessions). DELETE: removed (ends their sessions). */
  person: (id: string) => `${ADMIN_API}/people/${encodeURIComponent(id)}`,
  /** GET: open invitations. POST { email, role }: invites (emailed; answers InviteCreated with the link). */
  invites: `${ADMIN_API}/invites`,
  /** DELETE: withdrawn. */
  invite: (id: string) => `${ADMIN_API}/invites/${encodeURIComponent(id)}`,
  /** GET: what an invitation is for (InviteInfo), signed out. POST { token, name, password }: accepted (signs in). */
  inviteLookup: `${ADMIN_API}/invitation`,
  /** GET/PUT { requireSecondFactor }: the team's settings (owner). */
  settings: `${ADMIN_API}/team-settings`,
  /** GET: my sessions (SessionInfo[]). DELETE: all of mine but this one. */
  sessions: `${ADMIN_API}/sessions`,
  /** DELETE: that session of mine. */
  session: (id: string) => `${ADMIN_API}/sessions/${encodeURIComponent(id)}`,
  /** POST: a new authenticator secret (TotpSetup); POST …/confirm { code }: it is kept. DELETE: removed. */
  totp: `${ADMIN_API}/me/totp`,
  totpConfirm: `${ADMIN_API}/me/totp/confirm`,
  /** POST: options to register a passkey; POST …/verify { response, name }: kept. */
  passkeyOptions: `${ADMIN_API}/me/passkeys/options`,
  passkeyVerify: `${ADMIN_API}/me/passkeys/verify`,
  /** DELETE: that passkey removed. */
  passkey: (id: string) => `${ADMIN_API}/me/passkeys/${encodeURIComponent(id)}`,
  /** POST: ten new recovery codes (RecoveryCodes), the old ones void. */
  recoveryCodes: `${ADMIN_API}/me/recovery-codes`,
  /** Signed out. POST { email }: a reset link emailed if the address is in the team (always 202). */
  passwordReset: `${ADMIN_API}/password-reset`,
  /** Signed out. GET ?token=: whose link it is ({ email }); POST { token, password }: the password set, once. */
  passwordResetLink: `${ADMIN_API}/password-reset/link`,
  /** POST { password }: it is me (a security change is open for CONFIRM_WITHIN_MS); 400 WRONG_CURRENT_PASSWORD. */
  confirm: `${ADMIN_API}/me/confirm`,
  /** POST: options to confirm it is me by a passkey; POST …/verify { response }: confirmed, as the password does. */
  confirmPasskeyOptions: `${ADMIN_API}/me/confirm/passkey`,
  confirmPasskeyVerify: `${ADMIN_API}/me/confirm/passkey/verify`,
  /** PUT { current, password }: my password changed (PasswordChanged); my other sessions end. */
  password: `${ADMIN_API}/me/password`,
} as const;

/** The 400 a password change gets for a wrong current password: the screen marks that field by it. */
export const WRONG_CURRENT_PASSWORD = "Your current password is not right. Please check it and try again.";

/** The answer to a password change: how many other sessions it ended. */
export interface PasswordChanged {
  changed: true;
  endedSessions: number;
}

/** A security change (a factor added or removed, new recovery codes) asks for the password again once the last one given is older than this. */
export const CONFIRM_WITHIN_MS = 10 * 60 * 1000;
/** The 403 a security change gets when it must ask again: the screen asks for the password by it. */
export const CONFIRM_IT_IS_YOU = "Please confirm it is you: enter your password again.";

/** How long a "forgot your password" link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** Where a reset link points: the token is in the fragment, as an invitation's. */
export const resetLinkPath = (token: string) => `/admin#reset=${token}`;

/** Where an invitation link points: the token is in the fragment, so no server log holds it. */
export const inviteLinkPath = (token: string) => `/admin#invite=${token}`;

/** The answer to a sign-in's first step, and to GET status once signed in. */
export interface SignInState {
  enabled: boolean;
  signedIn: boolean;
  /** Password checked, second factor still to give: which ways this person has. */
  secondFactor?: SecondFactorMethod[];
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface Me {
  id: string;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
  totp: boolean;
  passkeys: PasskeyInfo[];
  recoveryCodesLeft: number;
  /** No second factor yet and one is needed: only setting one up is open until then. */
  mustSetUpSecondFactor: boolean;
  /** Until when a security change needs no password again (ISO); null when it needs one now. */
  confirmedUntil: string | null;
}

export interface Person {
  id: string;
  email: string;
  name: string;
  role: Role;
  secondFactor: boolean;
  createdAt: string;
  lastSeenAt: string | null;
}

export interface InviteSummary {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface InviteCreated extends InviteSummary {
  /** The whole link, to send by other means when no mail server is set up. */
  link: string;
  emailed: boolean;
}

export interface InviteInfo {
  email: string;
  role: Role;
  expiresAt: string;
}

export interface TeamSettings {
  requireSecondFactor: boolean;
}

export interface SessionInfo {
  id: string;
  /** e.g. "Chrome on Android", from the User-Agent when it signed in. */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface TotpSetup {
  secret: string;
  /** otpauth:// URI for an authenticator app. */
  uri: string;
}

export interface RecoveryCodes {
  codes: string[];
}
