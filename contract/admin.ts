// The owner's inbox API: paths, query names and answer shapes shared
// by the /admin page and the server's /api/admin/* routes.

import { enquiryFields, inboxFilters, type EnquiryValues, type FieldTable } from "./fields";

export const ADMIN_API = "/api/admin";

export const adminEndpoints = {
  status: `${ADMIN_API}/status`,
  session: `${ADMIN_API}/session`,
  enquiries: `${ADMIN_API}/enquiries`,
  enquiry: (id: string) => `${ADMIN_API}/enquiries/${encodeURIComponent(id)}`,
  subscribers: `${ADMIN_API}/subscribers`,
  subscriber: (id: string) => `${ADMIN_API}/subscribers/${encodeURIComponent(id)}`,
  exportCsv: `${ADMIN_API}/export.csv`,
  erase: `${ADMIN_API}/erase`,
  /** POST { email }: everything held about the address, as a JSON file (subject access). */
  person: `${ADMIN_API}/person`,
  /** POST: the retention purge now; answers a PurgeResult. */
  purge: `${ADMIN_API}/purge`,
  /** POST: a failed delivery is tried again (pending, attempts reset); answers the Delivery. */
  retryDelivery: (id: string) => `${ADMIN_API}/deliveries/${encodeURIComponent(id)}/retry`,
  /** The audit trail, newest first (`?page&pageSize`), and all of it as CSV. */
  activity: `${ADMIN_API}/activity`,
  activityCsv: `${ADMIN_API}/activity.csv`,
  /** Suspected spam, newest first (`?q&page&pageSize`), and all of it as CSV. */
  spam: `${ADMIN_API}/spam`,
  spamCsv: `${ADMIN_API}/spam.csv`,
  /** GET: how many submissions are held as suspected spam (the tab's count). */
  spamCount: `${ADMIN_API}/spam-count`,
  /** POST: not spam: the submission is released as an accepted lead (its emails and CRM call), once. DELETE: deleted. */
  spamItem: (id: string) => `${ADMIN_API}/spam/${encodeURIComponent(id)}`,
  spamRelease: (id: string) => `${ADMIN_API}/spam/${encodeURIComponent(id)}/release`,
} as const;

export const subscriberStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatusName = (typeof subscriberStatuses)[number];

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Longest search text accepted (an email's maximum length). */
export const ADMIN_QUERY_MAX = 254;

export type LeadKind = "enquiries" | "subscribers";

export interface AdminStatus {
  enabled: boolean;
  signedIn: boolean;
}

/** An enquiry in the inbox: when it came, and every field of the enquiry's table by its key. */
export type EnquirySummary = EnquiryValues & {
  id: string;
  createdAt: string;
};

/** The inbox's enquiry filters: one per option field of the table, by its query parameter (e.g. role, sector, need). */
export const enquiryFilterParams = (table: FieldTable = enquiryFields): string[] => inboxFilters(table).map((filter) => filter.param);

export interface SubscriberSummary {
  id: string;
  createdAt: string;
  email: string;
  status: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
}

export interface DeliveryAttempt {
  attemptedAt: string;
  ok: boolean;
  error: string | null;
  durationMs: number;
}

export interface Delivery {
  id: string;
  channel: string;
  topic: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
  history: DeliveryAttempt[];
}

export interface ConsentRecord {
  consentAt: string;
  consentVersion: string | null;
  sourcePage: string | null;
  ipHash: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface EnquiryDetail extends EnquirySummary {
  userAgent: string | null;
  consent: ConsentRecord;
  deliveries: Delivery[];
}

export interface SubscriberDetail extends SubscriberSummary {
  updatedAt: string;
  consent: ConsentRecord;
  deliveries: Delivery[];
}

/** What an erasure removed: rows by table, mail files, and whether the CRM is told (a signed lead.erased event). */
export interface EraseResult {
  email: string;
  enquiries: number;
  subscribers: number;
  deliveries: number;
  mailFiles: number;
  /** The analytics' pending sign-up context kept under a hash of the address (0 or 1). */
  pendingSignups: number;
  crmNotified: boolean;
  /** Submissions held as suspected spam with the address. */
  spam: number;
}

/** What a purge of expired personal data removed. */
export interface PurgeResult {
  enquiries: number;
  subscribers: number;
  deliveries: number;
  mailFiles: number;
  /** The analytics' daily rows past RETENTION_ANALYTICS_MONTHS (totals only: no person in them). */
  analyticsRows: number;
  /** Submissions held as suspected spam past RETENTION_SPAM_DAYS. */
  spam: number;
}

/**
 * Subject access: every record the store holds about one address, each as
 * stored (column names kept), lists and payloads parsed from their JSON.
 */
export interface PersonExport {
  email: string;
  exportedAt: string;
  enquiries: Record<string, unknown>[];
  subscriptions: Record<string, unknown>[];
  /** Emails and CRM calls about the address, each with its payload and every delivery attempt. */
  deliveries: Record<string, unknown>[];
  /** The page and campaign a pending sign-up came from, kept under a hash of the address until it confirms. */
  pendingSignupAnalytics: Record<string, unknown>[];
  /** Submissions with the address held as suspected spam (never delivered), each marked `suspected_spam: true` with its reasons. */
  suspectedSpam: Record<string, unknown>[];
}

/** What the audit trail records: every owner action on the data, from /admin or the command line. */
export const ownerActionNames = [
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "lead-view",
  "lead-list",
  "export",
  "erase",
  "access-export",
  "purge",
  "delivery-retry",
  "backup",
  "restore",
  "content-save",
  "content-preview",
  "content-publish",
  "spam-release",
  "spam-delete",
  "person-invited",
  "person-joined",
  "role-changed",
  "person-removed",
  "invite-withdrawn",
  "settings-changed",
  "session-ended",
  "account-locked",
  "second-factor-added",
  "second-factor-removed",
  "recovery-codes-renewed",
  "password-changed",
  "password-reset-requested",
  "password-reset",
] as const;
export type OwnerActionName = (typeof ownerActionNames)[number];

/** An action's counts and ids: never a lead's content (no name, address, phone or message). */
export type OwnerActionDetail = Readonly<Record<string, number | boolean | string | null>>;

/** One row of the audit trail. */
export interface OwnerActionEntry {
  id: string;
  at: string;
  action: OwnerActionName;
  /** The person's email, "cli" (the command line), "schedule" (the server's own purge), or "anonymous" (a failed sign-in). */
  actor: string;
  /** The client address as the server derives it; null from the command line. */
  address: string | null;
  detail: OwnerActionDetail;
}

/** GET activity: a page of the trail, and how long the server keeps it (RETENTION_AUDIT_MONTHS). */
export type ActivityPage = Page<OwnerActionEntry> & { retentionMonths: number };

/**
 * Why a submission was held as suspected spam. Each signal adds weight; a
 * submission whose weight reaches the threshold (server/spam/signals.ts) is
 * held out of the inbox, its emails and its CRM call until the owner decides.
 */
export const spamReasonNames = [
  "honeypot",
  "too-fast",
  "pow-missing",
  "pow-invalid",
  "pow-replayed",
  "automated",
  "no-browser",
  "links",
  "foreign-script",
  "not-confirmed",
] as const;
export type SpamReasonName = (typeof spamReasonNames)[number];

/** One submission held as suspected spam, as the inbox's Spam view lists it. */
export interface SpamSummary {
  id: string;
  createdAt: string;
  kind: "enquiry" | "newsletter";
  email: string;
  /** The enquiry's fields by key (lists as lists); for a sign-up, the address alone. */
  fields: Record<string, string | string[]>;
  reasons: SpamReasonName[];
  score: number;
  sourcePage: string | null;
  userAgent: string | null;
}

/**
 * Why a release sent nothing on, by reason: the answer's `message`, for API
 * clients; the inbox shows its own copy (app/admin/data/admin.ts).
 */
export const spamReleaseNotices = {
  "unsubscribed-since":
    "The address unsubscribed after this sign-up arrived, so it stays unsubscribed: no confirmation email was sent and the CRM was not called.",
} as const;
export type SpamReleaseNotice = keyof typeof spamReleaseNotices;

/** POST release: the lead it became (an enquiry's id, or the sign-up's outcome). */
export interface SpamRelease {
  kind: "enquiry" | "newsletter";
  /** The enquiry stored in the inbox (null for a sign-up). */
  enquiryId: string | null;
  /** Present when the release sent nothing on: why. */
  notice?: { reason: SpamReleaseNotice; message: string };
}
