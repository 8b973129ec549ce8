/**
 * Exponential backoff with full jitter: a random wait between 0 and
 * min(max, base·2^failures), so instances retrying after one outage spread out.
 */
export function backoffDelay(failures: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
  return Math.floor(random() * ceiling);
}
