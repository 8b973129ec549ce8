// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { observeVitals } from "./page-vitals";

// The site's own web vitals against the browser's entries, faked: which LCP
// candidate counts, how layout shifts make session windows, how interactions
// are grouped into INP, and what a prerendered page subtracts.

type Entry = Partial<PerformanceEntry> & { startTime: number; [key: string]: unknown };

/** A PerformanceObserver that delivers what `emit` sends its type; `held` entries wait for takeRecords, as at a hide. */
class FakeObserver {
  static all: FakeObserver[] = [];
  static supportedEntryTypes = ["paint", "largest-contentful-paint", "layout-shift", "event", "first-input"];
  type = "";
  options: Record<string, unknown> = {};
  waiting: Entry[] = [];
  constructor(private readonly callback: (list: { getEntries: () => Entry[] }) => void) {}
  observe(options: { type: string }) {
    this.type = options.type;
    this.options = options;
    FakeObserver.all.push(this);
  }
  takeRecords() {
    const out = this.waiting;
    this.waiting = [];
    return out;
  }
  deliver(entries: Entry[]) {
    this.callback({ getEntries: () => entries });
  }
}

function emit(type: string, entries: Entry[], { held = false } = {}) {
  for (const observer of FakeObserver.all.filter((one) => one.type === type)) {
    if (held) observer.waiting.push(...entries);
    else observer.deliver(entries);
  }
}

function page({ responseStart = 120, activationStart, interactionCount }: { responseStart?: number; activationStart?: number; interactionCount?: number } = {}) {
  const navigation = { responseStart, ...(activationStart === undefined ? {} : { activationStart }) };
  vi.stubGlobal("performance", { now: () => 60_000, getEntriesByType: (type: string) => (type === "navigation" ? [navigation] : []), ...(interactionCount === undefined ? {} : { interactionCount }) });
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal("PerformanceObserver", FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe("the page's web vitals", () => {
  it("takes the last LCP candidate before the first input, the first contentful paint and the response start", () => {
    page();
    const vitals = observeVitals();
    emit("paint", [{ name: "first-paint", startTime: 400 }, { name: "first-contentful-paint", startTime: 450 }]);
    emit("largest-contentful-paint", [{ startTime: 600 }, { startTime: 1800 }]);
    dispatchEvent(new KeyboardEvent("keydown"));
    emit("largest-contentful-paint", [{ startTime: 2600 }]);
    expect(vitals.read().values).toMatchObject({ FCP: 450, LCP: 1800, TTFB: 120, CLS: 0 });
    expect(FakeObserver.all.every((observer) => observer.options.buffered === true)).toBe(true);
  });

  it("counts a prerendered page from when it was shown", () => {
    page({ responseStart: 100, activationStart: 500 });
    const vitals = observeVitals();
    emit("paint", [{ name: "first-contentful-paint", startTime: 800 }]);
    expect(vitals.read().values).toMatchObject({ FCP: 300, TTFB: 0 });
  });

  it("sums layout shifts in session windows (gaps under 1 s, at most 5 s) and keeps the largest, without those after input", () => {
    page();
    const vitals = observeVitals();
    const shift = (startTime: number, value: number, hadRecentInput = false) => ({ startTime, value, hadRecentInput });
    // 0.15, then 0.3 (a gap of 1.5 s starts a new window), a shift after input ignored.
    emit("layout-shift", [shift(100, 0.1), shift(500, 0.05), shift(2000, 0.2), shift(2500, 0.1), shift(3000, 0.5, true)]);
    expect(vitals.read().values.CLS).toBe(300);
    // Every 0.9 s from 10 s: six fit in 5 s (0.36), the seventh starts a new window. The last two wait for the read.
    emit("layout-shift", [0, 1, 2, 3, 4].map((i) => shift(10_000 + i * 900, 0.06)));
    emit("layout-shift", [shift(14_500, 0.06), shift(15_400, 0.06)], { held: true });
    expect(vitals.read().values.CLS).toBe(360);
  });

  it("groups event entries by interaction, the longest of each, and names the slowest interaction's element", () => {
    page();
    const vitals = observeVitals();
    const button = document.createElement("button");
    const field = document.createElement("input");
    emit("first-input", [{ startTime: 1000, duration: 80, interactionId: 1, target: field }]);
    emit("event", [
      { startTime: 1000, duration: 120, interactionId: 1, target: field },
      // Not an interaction (a hover): never counted, however long.
      { startTime: 1500, duration: 900, interactionId: 0, target: null },
    ]);
    emit("event", [{ startTime: 3000, duration: 300, interactionId: 2, target: button }], { held: true });
    const { values, target } = vitals.read();
    expect(values.INP).toBe(300);
    expect(target).toBe(button);
    expect(FakeObserver.all.find((observer) => observer.type === "event")?.options.durationThreshold).toBe(40);
  });

  it("skips one of the worst interactions per 50: the third worst of 120", () => {
    page({ interactionCount: 120 });
    const vitals = observeVitals();
    emit("event", Array.from({ length: 120 }, (_, i) => ({ startTime: i * 100, duration: 41 + i, interactionId: i + 1, target: null })));
    expect(vitals.read().values.INP).toBe(158);
  });
});
