// Copy of the analytics dashboard in the owner's /admin page.
import type { AnalyticsForm, AnalyticsTable, FieldMessageKey, VitalName } from "../../../contract/analytics";
import { enquiryFields, formLabels, newsletterFields } from "../../../contract/form-fields";

/** The range shown when the dashboard opens: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** Rows shown in each "top" table. */
export const TOP_ROWS = 10;

export const analyticsCopy = {
  heading: "Visits and conversions",
  intro:
    "Counted without cookies: daily totals only, no visitor is identified or followed from one day to the next. Leads are credited to the page, referrer and campaign the visit began with. Only leads sent from a counted visit are credited (not those from browsers sending Global Privacy Control, automated tools or other sites); the inbox has every lead.",
  range: { legend: "Date range", from: "From", to: "To", show: "Show", source: "Form funnels from", allSources: "Every source" },
  /** Under the field funnels when a source is chosen: the per-device tables are kept over every source only. */
  bySource: (source: string) => `Visits from ${source} only (a visit's source is its utm_source tag, else the site that linked to it). Per-device tables show with every source.`,
  loading: "Loading the figures…",
  failed: "The figures could not be loaded. Please try again.",
  badRange: "Choose a start date on or before the end date, at most a year apart.",
  empty: "Nothing was counted in this range.",
  csv: "Download CSV",
  totals: {
    views: "Page views",
    visits: "Visits",
    visitors: "Unique visitors (summed per day)",
    enquiries: "Enquiries from counted visits",
    subscriptions: "Confirmed subscriptions from counted visits",
    conversionRate: "Conversion rate (leads from counted visits per visit)",
    allEnquiries: "All enquiries received (as in the inbox)",
    allSubscriptions: "All subscriptions confirmed (as in the inbox)",
  },
  sections: {
    daily: { heading: "Visits and unique visitors per day", caption: "Page views, visits and unique visitors for each day of the range" },
    pages: { heading: "Top pages", caption: "Page views and unique visitors per page; visits and leads by the page a visit began on", key: "Page" },
    referrers: { heading: "Top referrers", caption: "Visits and leads by the site that sent them", key: "Referrer" },
    campaigns: { heading: "Top campaigns", caption: "Visits and leads by UTM campaign", key: "Campaign" },
    devices: { heading: "Devices", caption: "Visits and leads by device class", key: "Device" },
    forms: { heading: "Form funnels", caption: "Each form from viewed to accepted (and confirmed, for the newsletter)" },
    fields: {
      heading: "Where people leave the forms",
      caption: "Each field, over every page: how many page views reached it, left the form there (started, not sent), met each message, and came back to correct it",
    },
    vitals: {
      heading: "Speed for real visitors",
      caption: "Each page's speed in visitors' own browsers, per device, at the 75th percentile (three in four page views were this fast or faster)",
    },
  } satisfies Record<AnalyticsTable, { heading: string; caption: string; key?: string }>,
  columns: {
    day: "Day",
    views: "Views",
    visits: "Visits",
    visitors: "Visitors",
    enquiries: "Enquiries",
    subscriptions: "Subscriptions",
    conversionRate: "Conversion",
    form: "Form",
    viewed: "Viewed",
    started: "Started",
    submitted: "Submitted",
    accepted: "Accepted",
    confirmed: "Confirmed",
    field: "Field",
    reached: "Reached",
    left: "Left here",
    corrected: "Corrected",
    page: "Page",
    device: "Device",
    samples: "Page views measured",
    element: "Element pressed",
    slowPresses: "Slow presses",
  },
  /** The messages a field shows, by their key in the field table. */
  messages: { missing: "Left empty", format: "Not valid", tooLong: "Too long" } satisfies Record<FieldMessageKey, string>,
  onDevice: (form: string, device: string) => `${form} on ${device === "phone" ? "phones" : device === "tablet" ? "tablets" : "desktops"}, over every page`,
  mostLeft: (field: string) => `most leave here (${field})`,
  formTimes: (abandoned: number, sent: number, median: string) => `Left started and unsent: ${abandoned}. Sent: ${sent}. Median time from the first keystroke to sending: ${median}.`,
  seconds: (value: number) => `${value} s`,
  noSends: "no sends yet",
  noFields: "No field was reached in this range.",
  vitals: {
    LCP: { name: "Largest content shown (LCP)", unit: "ms" },
    INP: { name: "Response to a press (INP)", unit: "ms" },
    CLS: { name: "Layout shift (CLS)", unit: "" },
    FCP: { name: "First content shown (FCP)", unit: "ms" },
    TTFB: { name: "Server response (TTFB)", unit: "ms" },
  } satisfies Record<VitalName, { name: string; unit: string }>,
  good: (threshold: string) => `good: ${threshold} or less`,
  slowTargets: { heading: "What people pressed when the page was slow to respond", caption: "Elements pressed in interactions slower than the good response time, per page" },
  noVitals: "No speed was measured in this range.",
  forms: { contact: "Contact form", newsletter: "Newsletter" } satisfies Record<AnalyticsForm, string>,
  /** Each field by its key, as its form labels it (the field table's words). */
  fieldLabels: { contact: formLabels(enquiryFields), newsletter: formLabels(newsletterFields) } as Record<AnalyticsForm, Record<string, string>>,
  chartLabel: (heading: string) => `Chart: ${heading} (the table beside it has the same figures)`,
} as const;
