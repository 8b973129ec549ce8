// How the site writes a figure. Part of the copy: the editorials' sentences and
// meta descriptions state figures written this way at build time, and the stat
// grids, charts and counters write theirs with the same function.
import type { NumberFormat } from "./types";

/**
 * Writes a figure the way the site states it ("1,900,000+", "£4.5 billion",
 * "425k"). Pure and locale-fixed (en-GB), so the pre-rendered HTML and the
 * browser always print the same text.
 */
export function formatNumber(value: number, { prefix = "", suffix = "", divisor = 1, decimals = 0 }: NumberFormat): string {
  const scaled = value / divisor;
  const digits = new Intl.NumberFormat("en-GB", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(scaled);
  return `${prefix}${digits}${suffix}`;
}

/** Common ways the editorials write figures, so content modules name a style rather than repeat its parts. */
export const numberFormats = {
  /** 40,000 → "40,000+" */
  countPlus: { suffix: "+" },
  /** 2,050,000 → "2.05 million" */
  millions: { divisor: 1e6, decimals: 2, suffix: " million" },
  /** 4,300,000 → "4.3 million" */
  millionsShort: { divisor: 1e6, decimals: 1, suffix: " million" },
  /** 1,500,000 → "1.5M+" */
  millionsPlus: { divisor: 1e6, decimals: 1, suffix: "M+" },
  /** 425,000 → "425k" */
  thousands: { divisor: 1e3, suffix: "k" },
  /** 100,000 → "100k+" */
  thousandsPlus: { divisor: 1e3, suffix: "k+" },
  /** 4.5e9 → "£4.5 billion" */
  gbpBillions: { prefix: "£", divisor: 1e9, decimals: 1, suffix: " billion" },
  /** 4.5e9 → "£4.5bn+" */
  gbpBnPlus: { prefix: "£", divisor: 1e9, decimals: 1, suffix: "bn+" },
  /** 46e9 → "£46bn" */
  gbpBn: { prefix: "£", divisor: 1e9, suffix: "bn" },
  /** 100 → "100" */
  plain: {},
} as const satisfies Record<string, NumberFormat>;
