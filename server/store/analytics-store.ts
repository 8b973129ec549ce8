import { sql, type Kysely } from "kysely";
import {
  ALL_DEVICES,
  ALL_PAGES,
  analyticsForms,
  ANALYTICS_KEYS_PER_DAY_MAX,
  DIRECT,
  fieldMessageKeys,
  FUNNEL_SOURCES_PER_DAY_MAX,
  formTimeHistogram,
  INP_TARGETS_PER_ROUTE_MAX,
  NO_CAMPAIGN,
  OTHER,
  quantileOf,
  vitalGood,
  vitalHistogram,
  vitalNames,
  CLS_SCALE,
  type AnalyticsForm,
  type AnalyticsReport,
  type FieldRow,
  type FormTimeRow,
  type SlowTargetRow,
  type VitalName,
  type VitalRow,
  type BreakdownRow,
  type DailyRow,
  type FunnelRow,
  type PageSummary,
  type SourceSummary,
} from "../../contract/analytics";
import { trailFields } from "../../contract/analytics-schema";
import type { Database } from "./schema";
import { countedPages, referrerLabel, type Dimensions } from "../analytics/dimensions";

// The analytics tables (migration 0005), in Kysely only, so SQLite and
// PostgreSQL behave the same: counters added to daily rows, the dashboard's
// and the CLI's reads, and the context of sign-ups awaiting confirmation.

/**
 * `target` keys a slow interaction's element by route: "page selector" (targetKey); `page_source` keys the
 * funnels' counts by page and the visit's source: "page source" (pageSourceKey).
 */
export type Dimension = "page" | "referrer" | "source" | "medium" | "campaign" | "device" | "target" | "page_source";

export interface AnalyticsDailyTable {
  day: string;
  metric: string;
  dimension: Dimension;
  key: string;
  count: number;
}

/** A sign-up's visit, kept until it confirms: the same dimensions a lead is credited to. */
export interface PendingSignupTable extends Dimensions {
  email_hash: string;
  created_at: string;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type AnalyticsTables = {
  analytics_daily: AnalyticsDailyTable;
  analytics_pending_signups: PendingSignupTable;
};

/** Every counter the store keeps. */
export type Metric =
  | "view"
  | "visit"
  | "visitor"
  | "page_visitor"
  | `form_view:${string}`
  | `form_start:${string}`
  | `form_submit:${string}`
  | "enquiry"
  | "signup"
  | "confirmed"
  /** Per form and field key: reached, left at, corrected; field_error also names the message key. */
  | `field_${"reach" | "left" | "fix" | "error"}:${string}`
  /** Per form and bucket of formTimeHistogram. */
  | `form_time:${string}`
  /** Per metric, device and bucket of vitalHistogram, kept by page only. */
  | `vital:${string}`
  /** A page view whose INP was slow, per device, kept by target. */
  | `inp_slow:${string}`;

export interface Increment {
  day: string;
  metric: Metric;
  dimension: Dimension;
  key: string;
  count: number;
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters (5 per row). */
const UPSERT_BATCH = 500;

/** The dimensions whose keys come from the visitor (a referrer's host, UTM values): their distinct keys per day are capped. */
export const cappedDimensions: ReadonlySet<Dimension> = new Set(["referrer", "source", "medium", "campaign"]);
/** Keys that never count against the cap: none (direct, no campaign) and the fold itself. */
const uncappedKeys: ReadonlySet<string> = new Set(["", OTHER]);

/** A slow interaction's row key: the route, then the selector (a page path has no space). */
export const targetKey = (page: string, selector: string) => `${page} ${selector}`;
const pageOfTarget = (key: string) => key.slice(0, key.indexOf(" "));
/** A funnel count's page_source key: the page, then the visit's source ('' for direct). */
export const pageSourceKey = targetKey;
const sourceOfKey = (key: string) => key.slice(key.indexOf(" ") + 1);
/** The source the funnels are kept by: the visit's UTM source, else the referring site's host ('' when direct). */
export const funnelSource = (dimensions: Pick<Dimensions, "source" | "referrer">) => dimensions.source || dimensions.referrer;

/**
 * The day's cap a count's key falls under, if any: its group, the group's limit, what counts against it
 * (`member`: the key, or the source of a page_source key) and the key it folds into. Referrers and UTM
 * values are capped per day; a slow interaction's selectors per route and day; the funnels' sources per day.
 */
export function capOf(increment: Omit<Increment, "count">): { group: string; max: number; member: string; other: string } | undefined {
  if (increment.dimension === "target") {
    const page = pageOfTarget(increment.key);
    const other = targetKey(page, OTHER);
    return increment.key === other ? undefined : { group: `${increment.day} target ${page}`, max: INP_TARGETS_PER_ROUTE_MAX, member: increment.key, other };
  }
  if (increment.dimension === "page_source") {
    const source = sourceOfKey(increment.key);
    if (uncappedKeys.has(source)) return undefined;
    return { group: `${increment.day} page_source`, max: FUNNEL_SOURCES_PER_DAY_MAX, member: source, other: pageSourceKey(pageOfTarget(increment.key), OTHER) };
  }
  if (!cappedDimensions.has(increment.dimension) || uncappedKeys.has(increment.key)) return undefined;
  return { group: `${increment.day} ${increment.dimension}`, max: ANALYTICS_KEYS_PER_DAY_MAX, member: increment.key, other: OTHER };
}

const incrementId = (increment: Omit<Increment, "count">) => JSON.stringify([increment.dimension, increment.day, increment.metric, increment.key]);

/** Increments with the same row summed: one INSERT may not touch a row twice (PostgreSQL's ON CONFLICT refuses). */
function merged(increments: readonly Increment[]): Increment[] {
  const rows = new Map<string, Increment>();
  for (const increment of increments) {
    const id = incrementId(increment);
    const row = rows.get(id);
    if (row) row.count += increment.count;
    else rows.set(id, { ...increment });
  }
  return [...rows.values()];
}

/** How long a sign-up's context waits for its confirmation: the token's 7 days and a day's margin. */
export const PENDING_SIGNUP_TTL_MS = 8 * 24 * 60 * 60 * 1000;

const rate = (leads: number, base: number) => (base > 0 ? Math.round((leads / base) * 10_000) / 10_000 : 0);

export function createAnalyticsStore(database: Kysely<Database>) {
  const db = database.withTables<AnalyticsTables>();

  /**
   * Sums per (key, metric) over a date range: the one shape every breakdown reads. "day" sums the
   * device rows by day (every count has exactly one device row).
   */
  async function sums(dimension: Dimension | "day", from: string, to: string, metrics: readonly string[]) {
    const group = dimension === "day" ? "day" : "key";
    const rows = await db
      .selectFrom("analytics_daily")
      .select([sql.ref<string>(group).as("key"), "metric", sql<number | string>`sum(${sql.ref("count")})`.as("total")])
      .where("dimension", "=", dimension === "day" ? "device" : dimension)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("metric", "in", metrics)
      .groupBy([group, "metric"])
      .execute();
    const byKey = new Map<string, Record<string, number>>();
    for (const row of rows) {
      const entry = byKey.get(row.key) ?? {};
      entry[row.metric] = (entry[row.metric] ?? 0) + Number(row.total);
      byKey.set(row.key, entry);
    }
    return byKey;
  }

  async function breakdown(dimension: "page" | "referrer" | "source" | "medium" | "campaign" | "device", from: string, to: string): Promise<BreakdownRow[]> {
    // Per page the views and unique visitors are the page's own; the leads and visits are those the page began.
    const visitorMetric = dimension === "page" ? "page_visitor" : "visitor";
    // Views are kept per page and device only, not per referrer or campaign.
    const withViews = dimension === "page" || dimension === "device";
    const byKey = await sums(dimension, from, to, [...(withViews ? ["view"] : []), "visit", visitorMetric, "enquiry", "confirmed"]);
    const label = dimension === "referrer" ? referrerLabel : dimension === "page" || dimension === "device" ? (key: string) => key : (key: string) => key || NO_CAMPAIGN;
    return [...byKey]
      .map(([key, m]) => {
        const visits = m.visit ?? 0;
        const enquiries = m.enquiry ?? 0;
        const subscriptions = m.confirmed ?? 0;
        return {
          key: label(key),
          views: m.view ?? 0,
          visits,
          visitors: m[visitorMetric] ?? 0,
          enquiries,
          subscriptions,
          conversionRate: rate(enquiries + subscriptions, visits),
        };
      })
      .sort((a, b) => b.visits - a.visits || b.views - a.views || a.key.localeCompare(b.key));
  }

  /** Sums per page and metric of the metrics starting with `prefix`; with `keys`, of those keys only. */
  async function pageSums(from: string, to: string, prefixes: readonly string[], dimension: Dimension = "page", keys?: readonly string[]) {
    const rows = await db
      .selectFrom("analytics_daily")
      .select(["key", "metric", sql<number | string>`sum(${sql.ref("count")})`.as("total")])
      .where("dimension", "=", dimension)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where((eb) => eb.or(prefixes.map((prefix) => eb("metric", "like", `${prefix}%`))))
      .$if(keys !== undefined, (query) => query.where("key", "in", keys ?? []))
      .groupBy(["key", "metric"])
      .execute();
    const byKey = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const entry = byKey.get(row.key) ?? new Map<string, number>();
      entry.set(row.metric, (entry.get(row.metric) ?? 0) + Number(row.total));
      byKey.set(row.key, entry);
    }
    return byKey;
  }

  /** The page_source rows of one source (DIRECT or a source as kept), by page: every page's key. */
  const sourceKeys = (source: string) => [...countedPages, OTHER].map((page) => pageSourceKey(page, source === DIRECT ? "" : source));
  /** Sums per page of the funnel metrics starting with `prefixes`: over every source, or of one. */
  async function funnelSums(from: string, to: string, prefixes: readonly string[], source: string | undefined) {
    if (source === undefined) return pageSums(from, to, prefixes);
    const bySourceKey = await pageSums(from, to, prefixes, "page_source", sourceKeys(source));
    return new Map([...bySourceKey].map(([key, metrics]) => [pageOfTarget(key), metrics]));
  }

  /** Each form's fields and times to send, per page and over every page; per device too over every source. */
  async function fieldFunnels(from: string, to: string, source?: string): Promise<{ fields: FieldRow[]; formTimes: FormTimeRow[] }> {
    const prefixes = ["field_", "form_time:"];
    const [byPage, byDevice] = await Promise.all([funnelSums(from, to, prefixes, source), source === undefined ? pageSums(from, to, prefixes, "device") : new Map<string, Map<string, number>>()]);
    const all = new Map<string, number>();
    for (const metrics of byPage.values()) for (const [metric, n] of metrics) all.set(metric, (all.get(metric) ?? 0) + n);
    const sorted = (map: Map<string, Map<string, number>>) => [...map].sort(([a], [b]) => a.localeCompare(b));
    // Over every page and device; over every page on each device; each page on every device.
    const groups: [string, string, ReadonlyMap<string, number>][] = [
      [ALL_PAGES, ALL_DEVICES, all],
      ...sorted(byDevice).map(([device, metrics]): [string, string, ReadonlyMap<string, number>] => [ALL_PAGES, device, metrics]),
      ...sorted(byPage).map(([page, metrics]): [string, string, ReadonlyMap<string, number>] => [page, ALL_DEVICES, metrics]),
    ];
    const fields: FieldRow[] = [];
    const formTimes: FormTimeRow[] = [];
    for (const [page, device, metrics] of groups) {
      for (const form of analyticsForms) {
        const n = (metric: string) => metrics.get(metric) ?? 0;
        const keys = [...trailFields[form].values()].map(({ key }) => key);
        const rows = keys.map((field) => ({
          form,
          page,
          device,
          field,
          reached: n(`field_reach:${form}:${field}`),
          left: n(`field_left:${form}:${field}`),
          corrected: n(`field_fix:${form}:${field}`),
          ...(Object.fromEntries(fieldMessageKeys.map((key) => [key, n(`field_error:${form}:${field}:${key}`)])) as Record<(typeof fieldMessageKeys)[number], number>),
        }));
        const times = new Map<number, number>();
        for (const [metric, count] of metrics) if (metric.startsWith(`form_time:${form}:`)) times.set(Number(metric.slice(`form_time:${form}:`.length)), count);
        const sent = [...times.values()].reduce((sum, count) => sum + count, 0);
        const abandoned = rows.reduce((sum, row) => sum + row.left, 0);
        // Every field of a form over all pages and devices; elsewhere, only the forms met there.
        if ((page !== ALL_PAGES || device !== ALL_DEVICES) && sent === 0 && rows.every((row) => row.reached === 0 && row.left === 0)) continue;
        fields.push(...rows);
        const median = quantileOf(formTimeHistogram, times, 0.5);
        formTimes.push({ form, page, device, abandoned, sent, medianSeconds: median === null ? null : Math.round(median / 100) / 10 });
      }
    }
    return { fields, formTimes };
  }

  /** The sources the range's funnels were counted for, as the report's filter takes them: DIRECT first, then by name. */
  async function funnelSources(from: string, to: string): Promise<string[]> {
    const rows = await db.selectFrom("analytics_daily").select("key").distinct().where("dimension", "=", "page_source").where("day", ">=", from).where("day", "<=", to).execute();
    const sources = new Set(rows.map((row) => sourceOfKey(row.key)));
    return [...sources].map((source) => source || DIRECT).sort((a, b) => Number(b === DIRECT) - Number(a === DIRECT) || a.localeCompare(b));
  }

  /** Each route's web vitals per device at the 75th percentile, and the elements pressed when slow. */
  async function vitals(from: string, to: string): Promise<{ vitals: VitalRow[]; slowTargets: SlowTargetRow[] }> {
    const [byPage, targets] = await Promise.all([pageSums(from, to, ["vital:"]), pageSums(from, to, ["inp_slow:"], "target")]);
    const rows: VitalRow[] = [];
    for (const [page, metrics] of [...byPage].sort(([a], [b]) => a.localeCompare(b))) {
      const histograms = new Map<string, Map<number, number>>();
      for (const [metric, count] of metrics) {
        const [, name, device, bucket] = metric.split(":");
        const id = `${device}:${name}`;
        const histogram = histograms.get(id) ?? new Map<number, number>();
        histogram.set(Number(bucket), count);
        histograms.set(id, histogram);
      }
      for (const [id, counts] of [...histograms].sort(([a], [b]) => a.localeCompare(b))) {
        const [device, name] = id.split(":") as [string, VitalName];
        if (!vitalNames.includes(name)) continue;
        const p75 = quantileOf(vitalHistogram[name], counts, 0.75);
        const scale = name === "CLS" ? CLS_SCALE : 1;
        rows.push({
          page,
          device,
          metric: name,
          samples: [...counts.values()].reduce((sum, n) => sum + n, 0),
          // Milliseconds to the millisecond; CLS to three places.
          p75: p75 === null ? null : Math.round(p75) / scale,
          good: vitalGood[name],
        });
      }
    }
    const slowTargets: SlowTargetRow[] = [...targets]
      .map(([key, metrics]) => {
        const space = key.indexOf(" ");
        return { page: key.slice(0, space), target: key.slice(space + 1), count: [...metrics.values()].reduce((sum, n) => sum + n, 0) };
      })
      .sort((a, b) => a.page.localeCompare(b.page) || b.count - a.count || a.target.localeCompare(b.target));
    return { vitals: rows, slowTargets };
  }

  return {
    /**
     * Adds the increments to their daily rows (insert, or add to the count). A negative count (a leave
     * beacon's correction) only takes from a row that exists, never below zero, and never adds a row.
     */
    async add(increments: readonly Increment[]): Promise<void> {
      if (increments.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // A day keeps at most its cap of distinct keys per capped group (capOf: those already stored
        // first, then new ones in order); any further key is counted as OTHER, so junk referrers,
        // campaigns, sources and selectors add at most one row each.
        const known = new Map<string, Set<string>>();
        const folded: Increment[] = [];
        for (const increment of increments) {
          const cap = capOf(increment);
          if (!cap) {
            folded.push(increment);
            continue;
          }
          let members = known.get(cap.group);
          if (!members) {
            const stored = await trx.selectFrom("analytics_daily").select("key").distinct().where("day", "=", increment.day).where("dimension", "=", increment.dimension).execute();
            members = new Set(stored.flatMap((row) => {
              const its = capOf({ ...increment, key: row.key });
              return its?.group === cap.group ? [its.member] : [];
            }));
            known.set(cap.group, members);
          }
          // Past the cap, or a correction of a key the day never kept (it was counted as OTHER): OTHER.
          if (!members.has(cap.member) && (members.size >= cap.max || increment.count < 0)) {
            folded.push({ ...increment, key: cap.other });
            continue;
          }
          members.add(cap.member);
          folded.push(increment);
        }
        const all = merged(folded);
        for (const row of all.filter((one) => one.count < 0)) {
          const count = sql.ref<number>("count");
          await trx
            .updateTable("analytics_daily")
            .set({ count: sql<number>`case when ${count} > ${-row.count} then ${count} - ${-row.count} else 0 end` })
            .where("dimension", "=", row.dimension)
            .where("day", "=", row.day)
            .where("metric", "=", row.metric)
            .where("key", "=", row.key)
            .execute();
        }
        const rows = all.filter((one) => one.count > 0);
        for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
          await trx
            .insertInto("analytics_daily")
            .values(rows.slice(start, start + UPSERT_BATCH))
            .onConflict((conflict) =>
              conflict
                .columns(["dimension", "day", "metric", "key"])
                .doUpdateSet({ count: (eb) => eb("analytics_daily.count", "+", eb.ref("excluded.count")) }),
            )
            .execute();
        }
      });
    },

    /** Keeps a sign-up's context until its confirmation; a second sign-up replaces it. */
    async rememberSignup(emailHash: string, dimensions: Dimensions, now: Date): Promise<void> {
      const row = { email_hash: emailHash, ...dimensions, created_at: now.toISOString() };
      const { email_hash: _key, ...update } = row;
      await db.insertInto("analytics_pending_signups").values(row).onConflict((c) => c.column("email_hash").doUpdateSet(update)).execute();
    },

    /** The context of a pending sign-up, removed as it is read; undefined when none (or expired). */
    async takeSignup(emailHash: string, now: Date): Promise<Dimensions | undefined> {
      const row = await db.deleteFrom("analytics_pending_signups").where("email_hash", "=", emailHash).returningAll().executeTakeFirst();
      if (!row || now.getTime() - Date.parse(row.created_at) > PENDING_SIGNUP_TTL_MS) return undefined;
      return { page: row.page, referrer: row.referrer, source: row.source, medium: row.medium, campaign: row.campaign, device: row.device };
    },

    /** Forgets sign-up contexts whose confirmation can no longer come. */
    async purgeExpiredSignups(now: Date): Promise<void> {
      await db.deleteFrom("analytics_pending_signups").where("created_at", "<", new Date(now.getTime() - PENDING_SIGNUP_TTL_MS).toISOString()).execute();
    },

    /** The address of the pending subscriber holding this confirmation token (read before the token is spent). */
    async emailForToken(tokenHash: string): Promise<string | undefined> {
      const row = await db.selectFrom("subscribers").select("email").where("confirm_token_hash", "=", tokenHash).executeTakeFirst();
      return row?.email;
    },

    /**
     * The dashboard: everything it shows for the days from..to (inclusive, YYYY-MM-DD); with `source` (as
     * funnelSources names it), the forms' funnels and fields of that source's visits only.
     */
    async report(from: string, to: string, source?: string): Promise<AnalyticsReport> {
      const formMetrics = analyticsForms.flatMap((form) => [`form_view:${form}`, `form_start:${form}`, `form_submit:${form}`]);
      const funnelMetrics = [...formMetrics, "enquiry", "signup", "confirmed"];
      const [daily, pages, referrers, campaigns, devices, forms, funnels, speed, sources] = await Promise.all([
        sums("day", from, to, ["view", "visit", "visitor"]),
        breakdown("page", from, to),
        breakdown("referrer", from, to),
        breakdown("campaign", from, to),
        breakdown("device", from, to),
        source === undefined ? sums("device", from, to, funnelMetrics) : funnelSums(from, to, funnelMetrics, source).then((byPage) => new Map([...byPage].map(([page, metrics]) => [page, Object.fromEntries(metrics)]))),
        fieldFunnels(from, to, source),
        vitals(from, to),
        funnelSources(from, to),
      ]);
      const dailyRows: DailyRow[] = [...daily]
        .map(([day, m]) => ({ day, views: m.view ?? 0, visits: m.visit ?? 0, visitors: m.visitor ?? 0 }))
        .sort((a, b) => a.day.localeCompare(b.day));
      const formTotals: Record<string, number> = {};
      for (const m of forms.values()) for (const [metric, count] of Object.entries(m)) formTotals[metric] = (formTotals[metric] ?? 0) + count;
      const funnel = (form: (typeof analyticsForms)[number]): FunnelRow => {
        const viewed = formTotals[`form_view:${form}`] ?? 0;
        const accepted = formTotals[form === "contact" ? "enquiry" : "signup"] ?? 0;
        return {
          form,
          viewed,
          started: formTotals[`form_start:${form}`] ?? 0,
          submitted: formTotals[`form_submit:${form}`] ?? 0,
          accepted,
          confirmed: form === "newsletter" ? (formTotals.confirmed ?? 0) : null,
          conversionRate: rate(accepted, viewed),
        };
      };
      const sum = (key: keyof DailyRow) => dailyRows.reduce((total, row) => total + Number(row[key]), 0);
      const enquiries = devices.reduce((total, row) => total + row.enquiries, 0);
      const subscriptions = devices.reduce((total, row) => total + row.subscriptions, 0);
      const visits = sum("visits");
      // Every lead of the range, counted or not (an API client, a bot filter, GPC): what the inbox shows.
      const until = new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString();
      const since = `${from}T00:00:00.000Z`;
      const [allEnquiries, allSubscriptions] = await Promise.all([
        database.selectFrom("enquiries").select((eb) => eb.fn.countAll<number | string>().as("n")).where("created_at", ">=", since).where("created_at", "<", until).executeTakeFirst(),
        database.selectFrom("subscribers").select((eb) => eb.fn.countAll<number | string>().as("n")).where("confirmed_at", ">=", since).where("confirmed_at", "<", until).executeTakeFirst(),
      ]);
      return {
        from,
        to,
        totals: {
          views: sum("views"),
          visits,
          visitors: sum("visitors"),
          enquiries,
          subscriptions,
          conversionRate: rate(enquiries + subscriptions, visits),
          allEnquiries: Number(allEnquiries?.n ?? 0),
          allSubscriptions: Number(allSubscriptions?.n ?? 0),
        },
        daily: dailyRows,
        pages,
        referrers,
        campaigns,
        devices,
        forms: analyticsForms.map(funnel),
        ...funnels,
        ...speed,
        source: source ?? null,
        funnelSources: sources,
      };
    },

    /** One form's fields and times since a day, for the CLI; of one source's visits with `source`. */
    async funnel(form: AnalyticsForm, since: string, until = "9999-12-31", source?: string) {
      const { fields, formTimes } = await fieldFunnels(since, until, source);
      return { fields: fields.filter((row) => row.form === form), formTimes: formTimes.filter((row) => row.form === form) };
    },

    /** Every route's web vitals since a day, for the CLI. */
    vitals: (since: string, until = "9999-12-31") => vitals(since, until),

    /** Per source, medium or campaign (UTM) or referrer since a day, for the CLI: visits, visitors, leads, conversion rate. */
    async summaryBy(by: "source" | "medium" | "campaign" | "referrer", since: string, until = "9999-12-31"): Promise<SourceSummary[]> {
      return (await breakdown(by, since, until)).map(({ key, visits, visitors, enquiries, subscriptions, conversionRate }) => ({ key, visits, visitors, enquiries, subscriptions, conversionRate }));
    },

    /** Per page since a day, for the CLI: views, unique visitors, enquiries and subscriptions it began, conversion rate. */
    async summary(since: string, until = "9999-12-31"): Promise<PageSummary[]> {
      return (await breakdown("page", since, until)).map(({ key, views, visitors, enquiries, subscriptions, conversionRate }) => ({
        page: key,
        views,
        visitors,
        enquiries,
        subscriptions,
        conversionRate,
      }));
    },
  };
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>;
