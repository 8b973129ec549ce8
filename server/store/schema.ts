import type { Generated, Insertable, Selectable } from "kysely";
import type { EnquiryFields } from "../../contract/fields";
import type { Role } from "../../contract/team";

// The lead store's tables as Kysely sees them. Timestamps are ISO-8601 UTC text
// in both SQLite and PostgreSQL: they sort as strings and read the same in both.

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

/** One text column per field of the enquiry's table (a multiple choice as a JSON array): store/enquiry-columns.ts. */
type EnquiryFieldColumns = { [K in keyof EnquiryFields]: string };

export interface EnquiryTable extends EnquiryFieldColumns {
  id: string;
  consent_at: string;
  consent_version: string;
  source_page: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  idempotency_key: string | null;
  created_at: string;
}

export interface SubscriberTable {
  id: string;
  email: string;
  status: SubscriberStatus;
  created_at: string;
  updated_at: string;
  consent_at: string;
  /** The newsletter consent wording's version (contract/newsletter.ts); NULL for sign-ups stored before it was recorded. */
  consent_version: string | null;
  ip_hash: string | null;
  source_page: string | null;
  /** sha256 of the single-use confirmation token sent by email; cleared once used. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  confirmed_at: string | null;
  confirm_ip_hash: string | null;
  unsubscribed_at: string | null;
}

export type OutboxChannel = "email" | "webhook";
export type OutboxStatus = "pending" | "sent" | "failed";

/** A delivery (an email or a webhook call) written in the same transaction as its lead. */
export interface OutboxTable {
  id: string;
  channel: OutboxChannel;
  /** confirm-subscription | team-notification | lead-webhook */
  topic: string;
  lead_kind: "enquiry" | "subscriber";
  lead_id: string;
  /** Lower-cased email of the person the delivery is about (for erasure). */
  lead_email: string;
  /** JSON: an email (to, subject, text, html, headers) or a webhook (url, body). */
  payload: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One try at delivering an outbox row, successful or not. */
export interface DeliveryAttemptTable {
  id: string;
  outbox_id: string;
  attempted_at: string;
  /** 1 when delivered, 0 when not (integers behave the same in SQLite and PostgreSQL). */
  ok: number;
  error: string | null;
  response: string | null;
  duration_ms: number;
}

/** A person's session: only the hash of the cookie's random id is kept. */
export interface AdminSessionTable {
  id_hash: string;
  /** Random: how the person's screens name the session; it opens nothing. */
  public_id: string;
  person_id: string;
  stage: "second-factor" | "complete";
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The last password or second step given in it: security changes ask again once it is old. */
  confirmed_at: string | null;
}

/** One person of the owner's team. */
export interface TeamPersonTable {
  id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  created_at: string;
  last_seen_at: string | null;
  /** No longer written: the account's limit is a row of sign_in_limits (migration 0014). */
  failed_sign_ins: Generated<number>;
  /** No longer written, as failed_sign_ins. */
  locked_until: string | null;
}

/** An open "forgot your password" link: only its token's hash. */
export interface TeamPasswordResetTable {
  token_hash: string;
  person_id: string;
  created_at: string;
  expires_at: string;
}

/** One limit's count of attempts in its window (sign-in-limits-store.ts). */
export interface SignInLimitTable {
  key: string;
  attempts: number;
  window_ends_at: string;
}

/** An open invitation to join the team: only the hash of the link's token is kept; accepting deletes it. */
export interface TeamInviteTable {
  id: string;
  token_hash: string;
  email: string;
  role: Role;
  /** The inviting person's id, or "cli". */
  invited_by: string;
  created_at: string;
  expires_at: string;
}

/** The team's one row of settings. */
export interface TeamSettingsTable {
  id: number;
  /** 1/0 */
  require_second_factor: number;
}

/** One thing the owner did with the data: counts and ids in `detail`, never a lead's content. */
export interface OwnerActionTable {
  id: string;
  at: string;
  action: string;
  actor: string;
  address: string | null;
  /** JSON object of counts and ids. */
  detail: string;
}

/** A submission held as suspected spam: never in the inbox's lists, never delivered, until released. */
export interface SuspectedSpamTable {
  id: string;
  kind: "enquiry" | "newsletter";
  email: string;
  /** JSON object: the form's fields by key. */
  fields: string;
  /** JSON list of reason names. */
  reasons: string;
  score: number;
  consent_version: string;
  source_page: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  created_at: string;
}

/** A person's passkey: the credential's id and public key (base64url), as WebAuthn registered it. */
export interface TeamPasskeyTable {
  id: string;
  person_id: string;
  public_key: string;
  /** A bigint column: PostgreSQL answers it as a string. */
  counter: number | string;
  /** JSON list of transports. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A person's authenticator app: its secret sealed (AES-256-GCM), pending until a code confirms it. */
export interface TeamTotpTable {
  person_id: string;
  secret: string;
  confirmed_at: string | null;
  last_used_step: number | null;
  created_at: string;
}

/** One recovery code, by the hash of its normalised form. */
export interface TeamRecoveryCodeTable {
  person_id: string;
  code_hash: string;
  used_at: string | null;
}

/** A WebAuthn challenge in flight, for the session that asked for it (or, for a passkey-only sign-in, under a hash of itself). */
export interface TeamChallengeTable {
  id_hash: string;
  purpose: "register" | "sign-in" | "confirm" | "passkey-only";
  challenge: string;
  expires_at: string;
}

/** Wrong second steps given by one session at its sign-in. */
export interface TeamSecondStepFailureTable {
  id_hash: string;
  failures: number;
  expires_at: string;
}

export interface Database {
  enquiries: EnquiryTable;
  subscribers: SubscriberTable;
  outbox: OutboxTable;
  delivery_attempts: DeliveryAttemptTable;
  admin_sessions: AdminSessionTable;
  team_people: TeamPersonTable;
  team_invites: TeamInviteTable;
  sign_in_limits: SignInLimitTable;
  team_password_resets: TeamPasswordResetTable;
  team_settings: TeamSettingsTable;
  owner_actions: OwnerActionTable;
  suspected_spam: SuspectedSpamTable;
  team_passkeys: TeamPasskeyTable;
  team_totp: TeamTotpTable;
  team_recovery_codes: TeamRecoveryCodeTable;
  team_challenges: TeamChallengeTable;
  team_second_step_failures: TeamSecondStepFailureTable;
}

export type EnquiryRow = Selectable<EnquiryTable>;
export type SubscriberRow = Selectable<SubscriberTable>;
export type NewEnquiryRow = Insertable<EnquiryTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type DeliveryAttemptRow = Selectable<DeliveryAttemptTable>;
export type SuspectedSpamRow = Selectable<SuspectedSpamTable>;


