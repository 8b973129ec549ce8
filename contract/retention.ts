/**
 * How long personal data is kept. The privacy policy's retention sentences are
 * rendered from these values and the server's purge uses them as its defaults,
 * so the page and the code cannot disagree.
 */
export const retentionDefaults = {
  /** Enquiries, counted from when they were received. */
  enquiryMonths: 24,
  /** Newsletter sign-ups never confirmed, counted from the sign-up. */
  unconfirmedSignupDays: 30,
} as const;

export type RetentionPeriods = { readonly [K in keyof typeof retentionDefaults]: number };

/**
 * The audit trail of the owner's actions (server/admin/audit.ts), in months
 * counted from each action; RETENTION_AUDIT_MONTHS overrides it. Apart from
 * the periods above: it holds no visitor's data, so the privacy policy does not state it.
 */
export const AUDIT_RETENTION_MONTHS = 24;
