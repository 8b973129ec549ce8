// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COUNTER_DURATION_MS } from "~/data/constants";
import type { Stat } from "~/data/types";
import { numberFormats } from "~/data/number-formats";
import { defineElement } from "~/lib/custom-element";
import { countUpWhenSeen } from "./count-up.element";
import { Counter } from "./counter";

// As the page's script does for a page holding a counter (app/components/define-elements.ts).
defineElement("count-up", countUpWhenSeen);

const stat: Stat = { value: 1_900_000, label: "freelancers", format: numberFormats.countPlus };

function stubMotionPreference(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce"), media: query }));
}

/** An observer that reports its element in view as soon as it observes it. */
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
}

const visible = () => Number(screen.getByTestId("counter").textContent?.replace(/[^\d]/g, ""));

describe("Counter", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance"] });
    vi.stubGlobal("IntersectionObserver", InViewObserver);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("counts up from zero to exactly its target over the counter duration", () => {
    stubMotionPreference(false);
    render(<Counter stat={stat} />);
    expect(screen.getByTestId("counter")).toHaveTextContent("0+");
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS / 2));
    expect(visible()).toBeGreaterThan(0);
    expect(visible()).toBeLessThan(stat.value);
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS / 2 + 100));
    expect(screen.getByTestId("counter")).toHaveTextContent(/^1,900,000\+$/);
  });

  it("always gives screen readers the final value, never the counting one", () => {
    stubMotionPreference(false);
    render(<Counter stat={stat} />);
    expect(screen.getByText("1,900,000+", { selector: ".sr-only" })).toBeInTheDocument();
    expect(screen.getByTestId("counter").closest("[aria-hidden='true']")).not.toBeNull();
  });

  it("shows the final value at once for visitors who prefer reduced motion", () => {
    stubMotionPreference(true);
    render(<Counter stat={stat} />);
    expect(screen.getByTestId("counter")).toHaveTextContent(/^1,900,000\+$/);
    act(() => vi.advanceTimersByTime(COUNTER_DURATION_MS));
    expect(screen.getByTestId("counter")).toHaveTextContent(/^1,900,000\+$/);
  });
});
