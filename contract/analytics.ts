// First-party analytics: what the page beacon sends to our own API, the header
// that carries a visit's attribution with a lead, and the owner's dashboard
// answer. No cookie, no storage, no visitor identity: the server counts daily
// aggregates only. Plain constants and types (the beacon ships this to every
// page); the validation schemas are analytics-schema.ts, for the server.

export const EVENT_ENDPOINT = "/api/event";

/** Largest event body the server reads; a view is about 150 bytes, the leave beacon at most about 1 KB. */
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
export const analyticsTables = ["daily", "pages", "referrers", "campaigns", "devices", "forms", "fields", "vitals"] as const;
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
  /** Each form's fields over every page and device, over every page per device, and per page it was met on. */
  fields: FieldRow[];
  /** Each form's starts, sends and time to send, per page and over every page (ALL_PAGES). */
  formTimes: FormTimeRow[];
  /** Each route's speed per device class and metric, at the 75th percentile. */
  vitals: VitalRow[];
  /** The elements pressed when the response was slow (INP above its good threshold), per route. */
  slowTargets: SlowTargetRow[];
  /**
   * The source `forms`, `fields` and `formTimes` are filtered by (null: every source; filtered, `fields`
   * and `formTimes` have no per-device rows), and the sources the range's funnels can be filtered by.
   */
  source: string | null;
  funnelSources: string[];
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
/**
 * Distinct sources a day's funnels are split by (each form step and field count is kept per page and
 * source too, so fewer than the breakdowns' cap); the rest count as OTHER. A visit's source is its
 * utm_source, else the referring site's host, else DIRECT.
 */
export const FUNNEL_SOURCES_PER_DAY_MAX = 20;

// Field-level funnels and real-user speed: one beacon when the page is left
// (the leave event), carrying the form's field trail and the page's web vitals.
// Field names are the field tables' wire names (contract/form-fields.ts), never
// a value; message keys are the keys of fieldMessages; durations are whole
// milliseconds. The server keeps daily histograms and counts only.

/** The messages a field can show, by their key in the field table's fieldMessages. */
export const fieldMessageKeys = ["missing", "format", "tooLong"] as const;
export type FieldMessageKey = (typeof fieldMessageKeys)[number];

/** The speed metrics the beacon reports (web.dev's names). */
export const vitalNames = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof vitalNames)[number];

/** The "good" thresholds at the 75th percentile (web.dev), in each metric's unit (CLS unitless, the rest milliseconds). */
export const vitalGood: Readonly<Record<VitalName, number>> = { LCP: 2500, INP: 200, CLS: 0.1, FCP: 1800, TTFB: 800 };
/** CLS travels and is kept in thousandths (an integer); the others in milliseconds. */
export const CLS_SCALE = 1000;
/** Largest value accepted per metric, in its travelling unit: beyond it the beacon is refused as junk. */
export const vitalMax: Readonly<Record<VitalName, number>> = { LCP: 600_000, INP: 600_000, CLS: 100 * CLS_SCALE, FCP: 600_000, TTFB: 600_000 };

/** One form's trail through its fields on one page view. */
export interface FormTrail {
  f: AnalyticsForm;
  /** The fields focused (reached), each once, by wire name. */
  r: string[];
  /** The field touched last, when the form was started and not sent. */
  l?: string;
  /** Messages met: field, message key, how many times. */
  m?: [string, FieldMessageKey, number][];
  /** Fields typed in again after an error was shown on them. */
  c?: string[];
  /** Milliseconds from the first input to the send. */
  t?: number;
  /**
   * On a later beacon of the same page view: the field an earlier one reported as left at, withdrawn (the
   * visitor came back and sent, or left elsewhere). Only with `l` or `t`, which take its place.
   */
  u?: string;
}

/** The beacon sent when a page is hidden (left, closed or behind another tab), again with what changed when shown and hidden again. */
export interface LeaveEvent {
  e: "leave";
  p: string;
  /** The visit, as the page's other events carry it: the funnels are kept per source. */
  v?: Visit;
  /** The forms started or reached on this page view. */
  t?: FormTrail[];
  /** The web vitals measured, in their travelling units: on a later beacon, only those that changed. */
  w?: Partial<Record<VitalName, number>>;
  /** On a later beacon, the values an earlier one reported for the metrics in `w`: their samples are moved, not added. */
  o?: Partial<Record<VitalName, number>>;
  /** The element pressed in the slowest interaction, as a short selector: tag, tag#id or tag[data-name]. */
  s?: string;
}

export type BeaconEvent = AnalyticsEvent | LeaveEvent;

/** Leave beacons per page view at most: the first hide, and a few returns to the page. */
export const LEAVE_BEACONS_PER_VIEW_MAX = 4;
/** Times a message is counted per field and page view at most (beyond it, a held key). */
export const FIELD_MESSAGES_PER_VIEW_MAX = 20;
/** Longest form time kept: a day (longer ones fold into the last bucket). */
export const FORM_TIME_MAX_MS = 86_400_000;
/** Distinct slow-interaction selectors kept per route and day; the rest count as OTHER. */
export const INP_TARGETS_PER_ROUTE_MAX = 20;
/** Longest selector accepted. */
export const SELECTOR_MAX = 60;
/** tag, tag#id or tag[data-name]: nothing from the element's text or value. */
export const SELECTOR_PATTERN = /^[a-z][a-z0-9-]{0,20}(?:#[A-Za-z0-9_-]{1,36}|\[data-[a-z0-9-]{1,30}\])?$/;

/**
 * Bounded histogram buckets: bucket 0 is [0, base), bucket i is [base·ratio^(i-1), base·ratio^i),
 * the last is open-ended. 15% wide buckets read a percentile to within a few per cent.
 */
export interface Histogram {
  base: number;
  ratio: number;
  buckets: number;
}
export const vitalHistogram: Readonly<Record<VitalName, Histogram>> = {
  LCP: { base: 50, ratio: 1.15, buckets: 56 },
  INP: { base: 8, ratio: 1.15, buckets: 56 },
  CLS: { base: 1, ratio: 1.15, buckets: 56 },
  FCP: { base: 50, ratio: 1.15, buckets: 56 },
  TTFB: { base: 10, ratio: 1.15, buckets: 56 },
};
/** Time from the first input to the send: one second to a day. */
export const formTimeHistogram: Histogram = { base: 1000, ratio: 1.25, buckets: 52 };

/** The bucket a value falls in. */
export function bucketOf({ base, ratio, buckets }: Histogram, value: number): number {
  if (!(value >= base)) return 0;
  return Math.min(buckets - 1, Math.floor(Math.log(value / base) / Math.log(ratio)) + 1);
}

/** The value at quantile `q` (0–1) of bucket counts, interpolated within its bucket; null without counts. */
export function quantileOf({ base, ratio, buckets }: Histogram, counts: ReadonlyMap<number, number>, q: number): number | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const n = counts.get(bucket) ?? 0;
    if (n === 0 || below + n < rank) {
      below += n;
      continue;
    }
    // Below the first bound (a CLS of 0, in whole thousandths) and past the last: the bucket's lower bound.
    const low = bucket === 0 ? 0 : base * ratio ** (bucket - 1);
    if (bucket === 0 || bucket === buckets - 1) return low;
    const high = base * ratio ** bucket;
    return low + ((rank - below) / n) * (high - low);
  }
  return base * ratio ** (buckets - 2);
}

/** The fields rows' page over every page, and device over every device. */
export const ALL_PAGES = "(all pages)";
export const ALL_DEVICES = "(all devices)";

/** One field of one form on one page: reached, left at, messages met, corrected. */
export interface FieldRow {
  form: AnalyticsForm;
  page: string;
  /** phone, tablet, desktop, or ALL_DEVICES (every page's rows are over every device). */
  device: string;
  /** The field's key in its table (contract/form-fields.ts). */
  field: string;
  reached: number;
  left: number;
  corrected: number;
  missing: number;
  format: number;
  tooLong: number;
}

export interface FormTimeRow {
  form: AnalyticsForm;
  page: string;
  device: string;
  /** Page views that left the form started and not sent. */
  abandoned: number;
  /** Page views that sent it (with a time). */
  sent: number;
  /** Median seconds from first input to send; null without sends. */
  medianSeconds: number | null;
}

export interface VitalRow {
  page: string;
  device: string;
  metric: VitalName;
  /** Page views measured. */
  samples: number;
  /** 75th percentile in the metric's unit (CLS unitless, the rest milliseconds). */
  p75: number | null;
  good: number;
}

export interface SlowTargetRow {
  page: string;
  target: string;
  count: number;
}
