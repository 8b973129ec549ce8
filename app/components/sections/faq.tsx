import { useId } from "react";
import type { FaqItem } from "~/content/types";
import { faqJsonLd, scriptSafeJson } from "~/lib/faq-json-ld";
import { Icon } from "../ui/icon";
// Registers <faq-accordion> wherever React renders an FAQ.
import "./faq-accordion";

/**
 * The one FAQ accordion used on every page: one item open at a time; clicking
 * the open one closes it (the behaviour is `<faq-accordion>`'s, in
 * faq-accordion.ts, which a page with an FAQ loads). Answers stay in the HTML
 * (hidden), so the pre-rendered page carries them for search engines and
 * find-in-page, and the section publishes them as schema.org FAQPage data.
 */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const baseId = useId();
  return (
    <faq-accordion class="mx-auto block max-w-3xl divide-y divide-line rounded-2xl bg-white shadow-sm ring-1 ring-line">
      {items.map((item, index) => {
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded="false"
                aria-controls={panelId}
                className="group flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold text-brand-900"
              >
                {item.question}
                <Icon name="plus" className="size-5 shrink-0 text-brand-700 group-aria-expanded:hidden" />
                <Icon name="minus" className="hidden size-5 shrink-0 text-brand-700 group-aria-expanded:block" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden className="px-6 pb-6 leading-relaxed text-muted">
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(faqJsonLd(items)) }} />
    </faq-accordion>
  );
}
