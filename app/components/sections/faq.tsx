import { useId, useState } from "react";
import type { FaqItem } from "~/content/types";
import { Icon } from "../ui/icon";

/**
 * The one FAQ accordion used on every page: one item open at a time; clicking
 * the open one closes it. Answers stay in the HTML (hidden), so the pre-rendered
 * page carries them for search engines and find-in-page.
 */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="mx-auto max-w-3xl divide-y divide-line rounded-2xl bg-white shadow-sm ring-1 ring-line">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex(open ? null : index)}
                className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold text-brand-900"
              >
                {item.question}
                <Icon name={open ? "minus" : "plus"} className="size-5 shrink-0 text-brand-700" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-6 pb-6 leading-relaxed text-muted">
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
