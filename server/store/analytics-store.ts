import { sql, type Kysely } from "kysely";
import {
  analyticsForms,
  ANALYTICS_KEYS_PER_DAY_MAX,
  NO_CAMPAIGN,
  OTHER,
  type AnalyticsReport,
  type BreakdownRow,
  type DailyRow,
  type FunnelRow,
  type PageSummary,
  type SourceSummary,
} from "../../contract/analytics";
import type { Database } from "./schema";
import { referrerLabel, type Dimensions } from "../analytics/dimensions";

// The analytics tables (migration 0005), in Kysely only, so SQLite and
// PostgreSQL behave the same: counters added to daily rows, the dashboard's
// and the CLI's reads, and the context of sign-ups awaiting confirmation.

export type Dimension = "page" | "referrer" | "source" | "medium" | "campaign" | "device";

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
  | "confirmed";

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

  return {
    /** Adds the increments to their daily rows (insert, or add to the count). */
    async add(increments: readonly Increment[]): Promise<void> {
      if (increments.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // A day keeps at most ANALYTICS_KEYS_PER_DAY_MAX distinct keys per capped dimension (those already
        // stored first, then new ones in order); any further key is counted as OTHER, so junk referrers
        // and campaigns add at most one row each.
        const known = new Map<string, Set<string>>();
        const folded: Increment[] = [];
        for (const increment of increments) {
          if (!cappedDimensions.has(increment.dimension) || uncappedKeys.has(increment.key)) {
            folded.push(increment);
            continue;
          }
          const group = `${increment.day} ${increment.dimension}`;
          let keys = known.get(group);
          if (!keys) {
            const stored = await trx
              .selectFrom("analytics_daily")
              .select("key")
              .distinct()
              .where("day", "=", increment.day)
              .where("dimension", "=", increment.dimension)
              .where("key", "not in", [...uncappedKeys])
              .execute();
            keys = new Set(stored.map((row) => row.key));
            known.set(group, keys);
          }
          if (!keys.has(increment.key) && keys.size >= ANALYTICS_KEYS_PER_DAY_MAX) {
            folded.push({ ...increment, key: OTHER });
            continue;
          }
          keys.add(increment.key);
          folded.push(increment);
        }
        const rows = merged(folded);
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

    /** The dashboard: everything it shows for the days from..to (inclusive, YYYY-MM-DD). */
    async report(from: string, to: string): Promise<AnalyticsReport> {
      const formMetrics = analyticsForms.flatMap((form) => [`form_view:${form}`, `form_start:${form}`, `form_submit:${form}`]);
      const [daily, pages, referrers, campaigns, devices, forms] = await Promise.all([
        sums("day", from, to, ["view", "visit", "visitor"]),
        breakdown("page", from, to),
        breakdown("referrer", from, to),
        breakdown("campaign", from, to),
        breakdown("device", from, to),
        sums("device", from, to, [...formMetrics, "enquiry", "signup", "confirmed"]),
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
      };
    },

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
