import { benefitColumns, parseBenefit } from "~/lib/benefit";
import { Icon } from "../ui/icon";

const columnClasses = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3" } as const;

/**
 * A service's benefits: 3 columns when there are more than 3, otherwise fewer.
 * A benefit that begins with an emoji shows it as its icon; the others a sparkle.
 */
export function BenefitGrid({ benefits }: { benefits: readonly string[] }) {
  const columns = benefitColumns(benefits.length);
  // In two columns an odd last benefit takes the full row rather than leaving a hole.
  const lastSpans = columns === 2 && benefits.length % 2 === 1;
  return (
    <ul data-columns={columns} className={`mx-auto grid max-w-6xl gap-6 ${columnClasses[columns]}`}>
      {benefits.map((benefit, index) => {
        const { emoji, text } = parseBenefit(benefit);
        const spans = lastSpans && index === benefits.length - 1;
        return (
          <li key={benefit} className={`flex items-start gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line ${spans ? "sm:col-span-2" : ""}`}>
            <span
              aria-hidden="true"
              data-icon={emoji ? "emoji" : "sparkle"}
              className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-2xl text-brand-700"
            >
              {emoji ?? <Icon name="sparkles" />}
            </span>
            <p className="pt-2.5 leading-relaxed text-ink">{text}</p>
          </li>
        );
      })}
    </ul>
  );
}
