import { useId } from "react";
import type { ChartDatum, NumberFormat } from "~/data/types";
import { formatNumber } from "~/data/number-formats";

/** Share of the plot's height the tallest bar reaches; the rest above it is room for its value label. */
const TALLEST_BAR = 0.86;
/** Share of each bar's slot that the bar fills. */
const BAR_WIDTH = 0.6;

/**
 * The band of category labels under the bars. Charts with many bars turn
 * their labels to read upwards on phones, so that band is taller. Its height
 * is both a number (the SVG gets the rest of the chart's height) and a class.
 */
const labelBands = {
  upright: {
    px: 96,
    band: "h-24",
    label: "max-sm:rotate-180 max-sm:text-end max-sm:[writing-mode:vertical-rl] sm:text-center sm:text-sm",
  },
  flat: { px: 32, band: "h-8", label: "text-center sm:text-sm" },
} as const;

export interface BarLayout {
  name: string;
  value: number;
  /** Percentages of the plot's width and height, as the SVG's attributes take them. */
  x: number;
  width: number;
  y: number;
  height: number;
  centre: number;
}

/** Where each bar goes: equal slots across, heights proportional to the values, on a common baseline. */
export function layoutBars(data: readonly ChartDatum[]): BarLayout[] {
  const max = Math.max(...data.map((d) => d.value));
  const slot = 100 / data.length;
  return data.map((d, index) => {
    const height = max > 0 ? (d.value / max) * TALLEST_BAR * 100 : 0;
    return {
      name: d.name,
      value: d.value,
      x: slot * index + (slot * (1 - BAR_WIDTH)) / 2,
      width: slot * BAR_WIDTH,
      y: 100 - height,
      height,
      centre: slot * (index + 0.5),
    };
  });
}

const percent = (n: number) => `${Number(n.toFixed(3))}%`;

interface BarChartProps {
  title: string;
  /** Column headings of the data table that is the chart's text alternative. */
  categoryLabel: string;
  valueLabel: string;
  data: readonly ChartDatum[];
  format: NumberFormat;
  /** The drawn chart's height in px: bars, value labels and category labels together. */
  height: number;
}

/**
 * A light SVG bar chart. Fully drawn in the pre-rendered HTML at its exact
 * height; its bars grow when it is scrolled into view (`<grow-bars>`; not
 * for visitors who prefer reduced motion). The drawing is hidden from
 * assistive technology, which reads the same data as a table instead.
 */
export function BarChart({ title, categoryLabel, valueLabel, data, format, height }: BarChartProps) {
  const captionId = useId();
  const bars = layoutBars(data);
  const band = data.length > 4 ? labelBands.upright : labelBands.flat;

  return (
    <figure aria-labelledby={captionId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
      <figcaption id={captionId} className="text-lg font-semibold text-brand-900">
        {title}
      </figcaption>
      <div aria-hidden="true" data-testid="bar-chart" className="mt-4">
        <grow-bars class="block">
          <svg width="100%" height={height - band.px} focusable="false" className="block overflow-visible">
            {bars.map((bar) => (
              <g key={bar.name}>
                <rect
                  data-bar={bar.name}
                  x={percent(bar.x)}
                  y={percent(bar.y)}
                  width={percent(bar.width)}
                  height={percent(bar.height)}
                  rx={3}
                  className="origin-bottom transform-fill fill-brand-600"
                />
                <text
                  data-value
                  x={percent(bar.centre)}
                  y={percent(bar.y)}
                  dy="-0.5em"
                  textAnchor="middle"
                  className="fill-brand-900 text-xs font-semibold sm:text-sm"
                >
                  {formatNumber(bar.value, format)}
                </text>
              </g>
            ))}
            <line x1="0" x2="100%" y1="100%" y2="100%" strokeWidth={2} className="stroke-brand-900" />
          </svg>
        </grow-bars>
        <div className={`flex ${band.band}`}>
          {bars.map((bar) => (
            <div key={bar.name} className="flex min-w-0 flex-1 basis-0 items-start justify-center px-0.5 pt-2">
              <span className={`text-xs leading-4 text-ink ${band.label}`}>{bar.name}</span>
            </div>
          ))}
        </div>
      </div>
      <table aria-labelledby={captionId} className="sr-only">
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.name}>
              <th scope="row">{d.name}</th>
              <td>{formatNumber(d.value, format)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
