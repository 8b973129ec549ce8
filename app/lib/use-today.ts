import { useSyncExternalStore } from "react";
import { formatDateGB, localIsoDate } from "./format-date";

export interface Today {
  /** 22 November 2026 */
  label: string;
  /** 2026-11-22, for `<time dateTime>` */
  iso: string;
}

const noSubscription = () => () => {};
let cached: Today | null = null;

function readToday(): Today {
  const now = new Date();
  const iso = localIsoDate(now);
  // useSyncExternalStore wants the same object back while nothing changed.
  if (cached?.iso !== iso) cached = { iso, label: formatDateGB(now) };
  return cached;
}

/**
 * The visitor's date, or null in pre-rendered HTML and during hydration (so the
 * two agree); React renders the real date straight after hydrating.
 */
export function useToday(): Today | null {
  return useSyncExternalStore(noSubscription, readToday, () => null);
}
