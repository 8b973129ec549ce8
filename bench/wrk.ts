// Reading the report of Debian's wrk (`wrk --latency`), the static part's load generator.

/** A wrk latency such as "812.00us", "3.45ms" or "1.02s", in milliseconds. */
export function wrkMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`unreadable wrk latency: ${value}`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number((Number(match[1]) * scale).toFixed(2));
}

/** Reads the figures out of `wrk --latency`'s report. */
export function parseWrk(output: string) {
  const figure = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match?.[1]) throw new Error(`wrk's report lacks ${pattern}:\n${output}`);
    return match[1];
  };
  return {
    rps: Math.round(Number(figure(/^Requests\/sec:\s+([\d.]+)/m))),
    p50: wrkMs(figure(/^\s+50%\s+(\S+)/m)),
    p99: wrkMs(figure(/^\s+99%\s+(\S+)/m)),
    non2xx: Number(/^\s+Non-2xx or 3xx responses:\s+(\d+)/m.exec(output)?.[1] ?? 0),
  };
}

export type Measured = ReturnType<typeof parseWrk>;

/** Of several runs, the one whose req/s is the median (for an even count, the upper middle), latencies and all. */
export function medianRound(rounds: readonly Measured[]): Measured {
  if (rounds.length === 0) throw new Error("no rounds to take the median of");
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)] as Measured;
}
