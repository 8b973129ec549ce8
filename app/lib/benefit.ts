/**
 * A benefit line may begin with an emoji, which then stands in as its icon.
 * Covers single pictographs (with an optional variation selector), ZWJ
 * sequences such as 👩‍💻, and flags (two regional indicators).
 */
const leadingEmoji =
  /^(\p{Regional_Indicator}{2}|\p{Extended_Pictographic}\uFE0F?(?:\u200D\p{Extended_Pictographic}\uFE0F?)*)\s*/u;

export interface ParsedBenefit {
  /** The leading emoji, or null when the line starts with text. */
  emoji: string | null;
  text: string;
}

export function parseBenefit(benefit: string): ParsedBenefit {
  const match = leadingEmoji.exec(benefit);
  if (!match) return { emoji: null, text: benefit };
  return { emoji: match[1] ?? null, text: benefit.slice(match[0].length) };
}

/** The spec's rule: 3 columns when there are more than 3 benefits, otherwise fewer (2, or 1 for a single one). */
export function benefitColumns(count: number): 1 | 2 | 3 {
  if (count > 3) return 3;
  return count <= 1 ? 1 : 2;
}
