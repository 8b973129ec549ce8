import { analyticsEndpoints, type AnalyticsReport, type AnalyticsTable } from "../../../contract/analytics";
import { call } from "./admin-api";

// The dashboard's calls: same-origin, with the owner's session cookie.

export interface Range {
  from: string;
  to: string;
  /** The source the form funnels are filtered by, as the report's funnelSources names it; every source without. */
  source?: string;
}

const rangeQuery = ({ from, to, source }: Range, extra: Record<string, string> = {}) => new URLSearchParams({ from, to, ...(source ? { source } : {}), ...extra }).toString();

export const csvHref = (range: Range, table: AnalyticsTable) => `${analyticsEndpoints.csv}?${rangeQuery(range, { table })}`;

export const fetchReport = (range: Range) => call<AnalyticsReport>(`${analyticsEndpoints.report}?${rangeQuery(range)}`);

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today (UTC, as the server counts them). */
export function lastDays(days: number, now = Date.now()): Range {
  return { from: isoDay(now - (days - 1) * dayMs), to: isoDay(now) };
}

/** Every day of the range, so a day with nothing counted still shows as zero. */
export function daysOf({ from, to }: Range): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to) && out.length <= 366; ms += dayMs) out.push(isoDay(ms));
  return out;
}
