import { useId } from "react";
import type { FaqItem } from "~/data/types";
import { faqJsonLd, scriptSafeJson } from "~/lib/faq-json-ld";
import { Icon } from "../ui/icon";

/**
 * The one FAQ accordion used on every page: one item open at a time; clicking
 * the open one closes it. The browser does all of it, from the first paint and
 * without JavaScript: each item is a `<details>`, and sharing one `name` makes
 * them an exclusive group. Answers stay in the HTML (closed, found by
 * find-in-page, which opens them), and the section publishes them as
 * schema.org FAQPage data. The opening animation is app.css's `.faq-item`.
 */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const group = useId();
  return (
    <div className="mx-auto block max-w-3xl divide-y divide-line rounded-2xl bg-white shadow-sm ring-1 ring-line">
      {items.map((item) => (
        <details key={item.question} name={group} className="faq-item group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left [&::-webkit-details-marker]:hidden">
            <h3 className="text-lg font-semibold text-brand-900">{item.question}</h3>
            <Icon name="plus" className="size-5 shrink-0 text-brand-700 group-open:hidden" />
            <Icon name="minus" className="hidden size-5 shrink-0 text-brand-700 group-open:block" />
          </summary>
          <div className="px-6 pb-6 leading-relaxed text-muted">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(faqJsonLd(items)) }} />
    </div>
  );
}
