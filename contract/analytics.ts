// First-party analytics: what the page beacon sends to our own API, the header
// that carries a visit's attribution with a lead, and the owner's dashboard
// answer. No cookie, no storage, no visitor identity: the server counts daily
// aggregates only. Plain constants and types (the beacon ships this to every
// page); the validation schemas are analytics-schema.ts, for the server.

export const EVENT_ENDPOINT = "/api/event";

/** Largest event body the server reads; a beacon is about 150 bytes. */
export const EVENT_BODY_BYTES = 2 * 1024;

/** The two forms whose funnels are counted. */
export const analyticsForms = ["contact", "newsletter"] as const;
export type AnalyticsForm = (typeof analyticsForms)[number];

/**
 * What the browser reports. `view` is a page view; the form steps are seen by
 * the visitor's browser (viewed, first input, sent). Accepted and confirmed are
 * counted by the server itself when it stores the lead, never by the browser.
 */
export const browserEvents = ["view", "form_view", "form_start", "form_submit"] as const;
export type BrowserEvent = (typeof browserEvents)[number];

export const ANALYTICS_TEXT_MAX = 200;

/**
 * The landing context of a visit: the page it began on, where it came from, its
 * campaign. Each page is a document load, so a page knows only itself: a page
 * reached from another of ours sends its own context and marks it `n`.
 */
export interface Visit {
  /** The page the visit landed on (on a continued visit, this page). */
  l: string;
  /** document.referrer as the browser gives it (the server keeps only its host). */
  r?: string;
  /** utm_source, utm_medium, utm_campaign of the landing URL. */
  s?: string;
  m?: string;
  c?: string;
  /**
   * 1 when this page was reached from another page of this site (a same-origin
   * referrer): the visit began earlier, so the fields above describe this page,
   * not the landing. The server then credits the landing it remembers for this
   * visitor (in memory, until 30 minutes pass without an event: see
   * server/analytics/landing-visits.ts); without one it credits these fields.
   */
  n?: 1;
}

/** One event as the beacon sends it (short keys: it goes with every page view). */
export interface AnalyticsEvent {
  e: BrowserEvent;
  /** The page the event happened on. */
  p: string;
  /** The form, for form events. */
  f?: AnalyticsForm;
  /** 1 on the view that begins a visit (the first page loaded from elsewhere). */
  x?: 1;
  v: Visit;
}

/**
 * Sent with a lead to our own API only (like the anti-abuse headers): the visit
 * context as URI-encoded JSON, so the server can count the lead against the
 * page, referrer and campaign that produced it. Never stored with the lead.
 */
export const VISIT_HEADER = "X-Visit-Context";

export const ANALYTICS_RANGE_DAYS_MAX = 366;

export const analyticsEndpoints = {
  report: "/api/admin/analytics",
  csv: "/api/admin/analytics.csv",
} as const;

/** The tables the CSV export can give. */
export const analyticsTables = ["daily", "pages", "referrers", "campaigns", "devices", "forms"] as const;
export type AnalyticsTable = (typeof analyticsTables)[number];

export interface DailyRow {
  day: string;
  views: number;
  visits: number;
  visitors: number;
}

/** One row of a breakdown: by landing page, referrer host, campaign or device. */
export interface BreakdownRow {
  key: string;
  views: number;
  visits: number;
  visitors: number;
  enquiries: number;
  subscriptions: number;
  /** (enquiries + confirmed subscriptions) / visits, 0–1; 0 without visits. */
  conversionRate: number;
}

/** A form's funnel: viewed, started, submitted, accepted (and confirmed for the newsletter). */
export interface FunnelRow {
  form: AnalyticsForm;
  viewed: number;
  started: number;
  submitted: number;
  accepted: number;
  confirmed: number | null;
  /** accepted / viewed, 0–1. */
  conversionRate: number;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  /**
   * `enquiries` and `subscriptions` are the leads credited to a counted visit (a browser that was
   * counted: not a bot, no Global Privacy Control); `allEnquiries` and `allSubscriptions` are every
   * enquiry received and every subscription confirmed in the range, as the inbox lists them.
   */
  totals: {
    views: number;
    visits: number;
    visitors: number;
    enquiries: number;
    subscriptions: number;
    conversionRate: number;
    allEnquiries: number;
    allSubscriptions: number;
  };
  daily: DailyRow[];
  pages: BreakdownRow[];
  referrers: BreakdownRow[];
  campaigns: BreakdownRow[];
  devices: BreakdownRow[];
  forms: FunnelRow[];
}

/** Per page, as the CLI prints it. */
export interface PageSummary {
  page: string;
  views: number;
  visitors: number;
  enquiries: number;
  subscriptions: number;
  conversionRate: number;
}

/** Per source, medium, campaign or referrer, as the CLI prints it (`--by`): the visits and the leads they brought. */
export interface SourceSummary {
  key: string;
  visits: number;
  visitors: number;
  enquiries: number;
  subscriptions: number;
  conversionRate: number;
}

/** Shown for visits with no referrer / no campaign. */
export const DIRECT = "(direct)";
export const NO_CAMPAIGN = "(none)";
/**
 * The one row everything else is folded into: any path that is not one of the
 * site's pages, and each day's referrers, sources, media and campaigns beyond
 * the first ANALYTICS_KEYS_PER_DAY_MAX.
 */
export const OTHER = "(other)";
/** Distinct referrers (and sources, media, campaigns) kept per day, each; the rest count as OTHER. */
export const ANALYTICS_KEYS_PER_DAY_MAX = 100;
