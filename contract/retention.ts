/**
 * How long personal data is kept. The privacy policy's retention sentences are
 * rendered from these periods and the server's purge enforces them: both read
 * the same environment variables through readRetention (the build writes the
 * result into the page, server/config.ts hands it to the purge), so the page
 * and the code cannot disagree.
 */
export const retentionDefaults = {
  /** Enquiries, counted from when they were received. */
  enquiryMonths: 24,
  /** Newsletter sign-ups never confirmed, counted from the sign-up. */
  unconfirmedSignupDays: 30,
  /** Emails and CRM calls sent or given up on, with their delivery record, counted from the last attempt. */
  deliveryDays: 30,
  /** The analytics' daily totals, counted from the day they count. */
  analyticsMonths: 24,
  /** Submissions held as suspected spam, counted from when they were received. */
  spamDays: 30,
} as const;

export type RetentionPeriods = { readonly [K in keyof typeof retentionDefaults]: number };

/** The environment variable that overrides each period. */
export const retentionEnv: { readonly [K in keyof RetentionPeriods]: string } = {
  enquiryMonths: "RETENTION_ENQUIRY_MONTHS",
  unconfirmedSignupDays: "RETENTION_UNCONFIRMED_SIGNUP_DAYS",
  deliveryDays: "RETENTION_DELIVERY_DAYS",
  analyticsMonths: "RETENTION_ANALYTICS_MONTHS",
  spamDays: "RETENTION_SPAM_DAYS",
};

/** Longest period accepted (about 100 years): far beyond any policy, and still a valid date. */
const MAX_PERIOD = 1200;

/** One period's value: a whole number from 1 to 1200, or the reason it is not. */
export function parsePeriod(text: string): number | string {
  if (!/^\d+$/.test(text)) return "must be a whole number";
  const value = Number(text);
  return value >= 1 && value <= MAX_PERIOD ? value : `must be from 1 to ${MAX_PERIOD}`;
}

/** The periods the environment sets (defaults for those unset or empty), and one line per bad variable. */
export function readRetention(env: Readonly<Record<string, string | undefined>>): { periods: RetentionPeriods; problems: string[] } {
  const problems: string[] = [];
  const periods = { ...retentionDefaults } as Record<keyof RetentionPeriods, number>;
  for (const key of Object.keys(retentionEnv) as (keyof RetentionPeriods)[]) {
    const name = retentionEnv[key];
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const parsed = parsePeriod(raw);
    if (typeof parsed === "number") periods[key] = parsed;
    else problems.push(`${name}=${JSON.stringify(raw)}: ${parsed}`);
  }
  return { periods, problems };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which each kind of record has expired at `now` (months are calendar months, UTC). */
export function retentionCutoffs(periods: RetentionPeriods, now: Date) {
  const enquiries = new Date(now);
  enquiries.setUTCMonth(enquiries.getUTCMonth() - periods.enquiryMonths);
  const analytics = new Date(now);
  analytics.setUTCMonth(analytics.getUTCMonth() - periods.analyticsMonths);
  return {
    enquiries: enquiries.toISOString(),
    /** A UTC day (YYYY-MM-DD): the analytics' rows of days before it have expired. */
    analyticsDay: analytics.toISOString().slice(0, 10),
    unconfirmedSignups: new Date(now.getTime() - periods.unconfirmedSignupDays * DAY_MS).toISOString(),
    deliveries: new Date(now.getTime() - periods.deliveryDays * DAY_MS).toISOString(),
    spam: new Date(now.getTime() - periods.spamDays * DAY_MS).toISOString(),
  };
}

/**
 * The audit trail of the owner's actions (server/store/audit.ts), in months
 * counted from each action; RETENTION_AUDIT_MONTHS overrides it. Apart from
 * the periods above: it holds no visitor's data, so the privacy policy does not state it.
 */
export const AUDIT_RETENTION_MONTHS = 24;
