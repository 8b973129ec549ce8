// The page's web vitals, measured by the browser's own PerformanceObserver:
// the site's few lines in place of the web-vitals package (2.9 KB brotli, more
// than the analytics' whole budget; docs/adr/0009-analytics.md). Each metric
// follows the standard definition; the beacon reads them when the page is
// hidden. Loaded after the page is idle: the observers are buffered, so they
// see what happened before.
import { CLS_SCALE, type VitalName } from "../../contract/analytics";

/** CLS session windows: shifts less than a second apart, five seconds at most (web.dev's definition). */
const SHIFT_GAP_MS = 1000;
const SHIFT_WINDOW_MS = 5000;
/** Event Timing entries at least this long are reported (web-vitals' default; the first input always is). */
const EVENT_DURATION_MIN_MS = 40;
/** INP skips one of the worst interactions per this many, so it is a high percentile, not the outlier. */
const INTERACTIONS_PER_SKIP = 50;
/** The worst interactions kept: enough for the skip above up to 500 interactions. */
const WORST_KEPT = 10;

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type EventEntry = PerformanceEntry & { interactionId?: number; target?: EventTarget | null };
interface Interaction {
  id: number;
  duration: number;
  target?: EventTarget | null;
}

export interface PageVitals {
  /** The metrics measured so far, in their travelling units (CLS in thousandths), and the target of the INP interaction. */
  read(): { values: Partial<Record<VitalName, number>>; target?: EventTarget | null };
}

/** Starts the observers; `read` takes their pending entries first, so a read at hide is final. */
export function observeVitals(): PageVitals {
  const nav = performance.getEntriesByType?.("navigation")[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  // A prerendered page counts from when it was shown.
  const activation = nav?.activationStart ?? 0;
  const since = (time: number) => Math.max(0, time - activation);
  // Paints after the page was first hidden are not what the visitor waited for.
  let firstHidden = document.visibilityState === "hidden" ? 0 : Infinity;
  const values: Partial<Record<VitalName, number>> = {};
  let frozen = false;
  let lcpDone = false;
  let shiftWindow = 0;
  let windowStart = 0;
  let lastShift = -Infinity;
  let worstShift = 0;
  let maxId = 0;
  let counted = 0;
  let worst: Interaction[] = [];
  let slowest: Interaction | undefined;
  const observers: [PerformanceObserver, (entries: PerformanceEntryList) => void][] = [];

  /** Whether the browser observes `type`; without it, the metric is not reported. */
  function observe(type: string, handle: (entries: PerformanceEntryList) => void, options: Record<string, unknown> = {}): boolean {
    try {
      if (!PerformanceObserver.supportedEntryTypes.includes(type)) return false;
      const observer = new PerformanceObserver((list) => frozen || handle(list.getEntries()));
      observer.observe({ type, buffered: true, ...options });
      observers.push([observer, handle]);
      return true;
    } catch {
      return false;
    }
  }

  observe("paint", (entries) => {
    for (const entry of entries) if (entry.name === "first-contentful-paint" && entry.startTime < firstHidden) values.FCP = since(entry.startTime);
  });
  observe("largest-contentful-paint", (entries) => {
    // The last candidate before the first input or hide is the LCP.
    if (lcpDone) return;
    for (const entry of entries) if (entry.startTime < firstHidden) values.LCP = since(entry.startTime);
  });
  const shifts = observe("layout-shift", (entries) => {
    for (const entry of entries as Shift[]) {
      if (entry.hadRecentInput) continue;
      if (entry.startTime - lastShift < SHIFT_GAP_MS && entry.startTime - windowStart < SHIFT_WINDOW_MS) shiftWindow += entry.value;
      else [shiftWindow, windowStart] = [entry.value, entry.startTime];
      lastShift = entry.startTime;
      worstShift = Math.max(worstShift, shiftWindow);
    }
    values.CLS = worstShift;
  });
  // No shift at all is a CLS of 0.
  if (shifts) values.CLS ??= 0;
  const interactions = (entries: PerformanceEntryList) => {
    for (const entry of entries as EventEntry[]) {
      const id = entry.interactionId ?? 0;
      if (id <= 0) continue;
      if (id > maxId) [maxId, counted] = [id, counted + 1];
      const known = worst.find((interaction) => interaction.id === id);
      if (known) {
        if (entry.duration > known.duration) known.duration = entry.duration;
        known.target ??= entry.target;
      } else worst.push({ id, duration: entry.duration, target: entry.target });
    }
    worst = worst.sort((a, b) => b.duration - a.duration).slice(0, WORST_KEPT);
    const total = (performance as { interactionCount?: number }).interactionCount || counted;
    slowest = worst[Math.min(worst.length - 1, Math.floor(total / INTERACTIONS_PER_SKIP))];
    if (slowest) values.INP = slowest.duration;
  };
  observe("event", interactions, { durationThreshold: EVENT_DURATION_MIN_MS });
  observe("first-input", interactions);
  if (nav && nav.responseStart > 0 && nav.responseStart <= performance.now()) values.TTFB = since(nav.responseStart);

  // The LCP stops at the first input, as the browser's own candidates do.
  const stopLcp = () => {
    take();
    lcpDone = true;
  };
  for (const type of ["keydown", "pointerdown"]) addEventListener(type, stopLcp, { once: true, capture: true });
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") firstHidden = Math.min(firstHidden, performance.now());
  });
  // A page shown again from the back/forward cache is another view: keep what this one measured.
  addEventListener("pageshow", (event) => {
    if (event.persisted) frozen = true;
  });

  function take(): void {
    for (const [observer, handle] of observers) if (!frozen) handle(observer.takeRecords());
  }

  return {
    read() {
      take();
      lcpDone = true;
      const out: Partial<Record<VitalName, number>> = {};
      for (const [name, value] of Object.entries(values) as [VitalName, number][]) out[name] = Math.round(name === "CLS" ? value * CLS_SCALE : value);
      return { values: out, target: slowest?.target };
    },
  };
}
