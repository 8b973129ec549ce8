import type { ReactNode } from "react";
import type { Stat } from "~/data/types";
import { formatNumber } from "~/data/number-formats";

interface StatGridProps {
  stats: readonly Stat[];
  /** Columns on wide screens. */
  columns?: 2 | 3;
  /** Smaller figures, two to a row even on phones: for long lists of short figures (425k). */
  compact?: boolean;
  /** How each figure is drawn; written out as text unless a page animates it (the payroll counters). */
  renderValue?: (stat: Stat) => ReactNode;
}

const columnClasses = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3" } as const;

const writtenOut = (stat: Stat) => formatNumber(stat.value, stat.format);

/** Headline figures: the number large, its label beneath. A description list, so each label names its figure. */
export function StatGrid({ stats, columns = 3, compact = false, renderValue = writtenOut }: StatGridProps) {
  return (
    <dl className={`mx-auto grid max-w-5xl gap-4 sm:gap-6 ${compact ? "grid-cols-2" : ""} ${columnClasses[columns]}`}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={`flex flex-col-reverse items-center justify-end rounded-2xl bg-white text-center shadow-sm ring-1 ring-line ${compact ? "p-4 sm:p-6" : "p-6"}`}
        >
          <dt className="mt-2 text-base text-muted">{stat.label}</dt>
          <dd
            className={`font-extrabold tracking-tight whitespace-nowrap text-brand-700 ${compact ? "text-3xl sm:text-4xl" : "text-4xl"}`}
          >
            {renderValue(stat)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
