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
  /** The audit trail of the owner's actions (admin/audit.ts), counted from each action. */
  auditMonths: 24,
} as const;

export type RetentionPeriods = { readonly [K in keyof typeof retentionDefaults]: number };
