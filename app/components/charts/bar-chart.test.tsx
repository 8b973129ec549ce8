// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHART_HEIGHTS_PX } from "~/data/constants";
import { statisticsOf } from "~/data/statistics";
import { numberFormats } from "~/data/number-formats";
import { BarChart, layoutBars } from "./bar-chart";
import { readEntry } from "../../../scripts/build/content-files";

// The statistics as the build reads them, checked by their schema.
const { freelancersBySector2025, payrollDemandIndex } = statisticsOf(readEntry("statistics.yaml"));

describe("layoutBars", () => {
  it("gives bars heights proportional to their values, on one baseline", () => {
    const bars = layoutBars(freelancersBySector2025);
    const [first] = bars;
    for (const bar of bars) {
      expect(bar.height / first!.height).toBeCloseTo(bar.value / first!.value, 10);
      expect(bar.y + bar.height).toBeCloseTo(100, 10);
    }
    const [base, latest] = layoutBars(payrollDemandIndex);
    expect(latest!.height / base!.height).toBeCloseTo(3, 10);
  });

  it("spreads the bars evenly across the width without overlap", () => {
    const bars = layoutBars(freelancersBySector2025);
    bars.forEach((bar, index) => {
      expect(bar.x).toBeGreaterThanOrEqual((100 / bars.length) * index);
      expect(bar.x + bar.width).toBeLessThanOrEqual((100 / bars.length) * (index + 1) + 1e-9);
      expect(bar.centre).toBeCloseTo(bar.x + bar.width / 2, 10);
    });
  });
});

describe("BarChart", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("draws one bar per value and offers the same data as a table", () => {
    // jsdom cannot animate; the growing bars are covered by the browser tests.
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: true, media: query }));
    render(
      <BarChart
        title="Freelancers by sector"
        categoryLabel="Sector"
        valueLabel="Freelancers"
        data={freelancersBySector2025}
        format={numberFormats.thousands}
        height={CHART_HEIGHTS_PX.sectors}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Freelancers by sector" });
    expect(figure.querySelectorAll("rect[data-bar]")).toHaveLength(freelancersBySector2025.length);
    const rows = within(figure).getAllByRole("row");
    expect(rows).toHaveLength(freelancersBySector2025.length + 1);
    expect(within(figure).getByRole("rowheader", { name: "Information Tech" })).toBeInTheDocument();
    expect(within(figure).getByRole("cell", { name: "425k" })).toBeInTheDocument();
    // The drawing is hidden from assistive technology; the table is the text alternative.
    expect(screen.getByTestId("bar-chart")).toHaveAttribute("aria-hidden", "true");
  });
});
