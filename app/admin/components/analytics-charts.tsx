import { useId } from "react";

// The dashboard's charts: hand-drawn SVG (as the public charts are), each a
// picture of the table printed beside it, which is what assistive technology
// reads (the SVG is one labelled image).

const number = new Intl.NumberFormat("en-GB");
export const formatCount = (value: number) => number.format(value);
export const formatRate = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Plot size in SVG units; the SVG scales to its box. */
const WIDTH = 600;
const HEIGHT = 200;
const PAD = 24;

export interface Series {
  name: string;
  values: readonly number[];
  /** Tailwind stroke class of the line and its legend swatch. */
  stroke: string;
  swatch: string;
}

/** Lines over days: one per series, with the largest value marked on the axis. */
export function LineChart({ label, days, series }: { label: string; days: readonly string[]; series: readonly Series[] }) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (index: number) => PAD + (days.length > 1 ? (index / (days.length - 1)) * (WIDTH - 2 * PAD) : (WIDTH - 2 * PAD) / 2);
  const y = (value: number) => HEIGHT - PAD - (value / max) * (HEIGHT - 2 * PAD);
  return (
    <figure className="space-y-2">
      <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-56 w-full" preserveAspectRatio="none">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} className="stroke-line" />
        <text x={2} y={PAD - 6} className="fill-muted text-xs">{formatCount(max)}</text>
        <text x={PAD} y={HEIGHT - 6} className="fill-muted text-xs">{days[0]}</text>
        <text x={WIDTH - PAD} y={HEIGHT - 6} textAnchor="end" className="fill-muted text-xs">{days.at(-1)}</text>
        {series.map((s) => (
          <polyline
            key={s.name}
            points={s.values.map((value, index) => `${x(index)},${y(value)}`).join(" ")}
            className={`fill-none ${s.stroke}`}
            strokeWidth={3}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        {series.map((s) => (
          <span key={s.name} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-1 w-6 rounded ${s.swatch}`} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export interface Bar {
  name: string;
  value: number;
  /** Drawn in the warning colour, with `note` after its figures. */
  marked?: boolean;
  note?: string;
}

const BAR_ROW = 28;

/** Horizontal bars, longest first, each labelled with its name and value. */
export function BarChart({ label, bars }: { label: string; bars: readonly Bar[] }) {
  const id = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const height = Math.max(1, bars.length) * BAR_ROW;
  return (
    <svg role="img" aria-labelledby={id} viewBox={`0 0 ${WIDTH} ${height}`} className="w-full">
      <title id={id}>{label}</title>
      {bars.map((bar, index) => (
        <g key={bar.name} transform={`translate(0 ${index * BAR_ROW})`}>
          <rect x={0} y={4} height={BAR_ROW - 8} width={(bar.value / max) * WIDTH} rx={4} className={bar.marked ? "fill-danger-300" : "fill-brand-100"} />
          <text x={8} y={BAR_ROW / 2 + 5} className={bar.marked ? "fill-ink text-sm font-semibold" : "fill-ink text-sm"}>
            {bar.name} · {formatCount(bar.value)}
            {bar.note && ` · ${bar.note}`}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Bars against a threshold: the line where "good" ends, each bar past it in the warning colour. */
export function ThresholdChart({ label, threshold, thresholdLabel, bars, format }: { label: string; threshold: number; thresholdLabel: string; bars: readonly Bar[]; format: (value: number) => string }) {
  const id = useId();
  const max = Math.max(threshold * 2, ...bars.map((bar) => bar.value));
  const height = (Math.max(1, bars.length) + 1) * BAR_ROW;
  const line = (threshold / max) * WIDTH;
  return (
    <svg role="img" aria-labelledby={id} viewBox={`0 0 ${WIDTH} ${height}`} className="w-full">
      <title id={id}>{label}</title>
      {bars.map((bar, index) => (
        <g key={bar.name} transform={`translate(0 ${index * BAR_ROW})`}>
          <rect x={0} y={4} height={BAR_ROW - 8} width={(bar.value / max) * WIDTH} rx={4} className={bar.value > threshold ? "fill-danger-300" : "fill-brand-100"} />
          <text x={8} y={BAR_ROW / 2 + 5} className="fill-ink text-sm">
            {bar.name} · {format(bar.value)}
          </text>
        </g>
      ))}
      <line x1={line} y1={0} x2={line} y2={height - BAR_ROW} className="stroke-ink" strokeDasharray="4 4" />
      <text x={line} y={height - 8} textAnchor="middle" className="fill-muted text-xs">{thresholdLabel}</text>
    </svg>
  );
}
