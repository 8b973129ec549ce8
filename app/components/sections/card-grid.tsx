import type { Card } from "~/content/types";
import { Icon } from "../ui/icon";

interface CardGridProps {
  cards: readonly Card[];
  /** Columns on wide screens. */
  columns?: 2 | 3 | 4;
}

const columnClasses = { 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" } as const;

/** Cards with an icon, a title, a line of text and optional facts (a dl), rendered from content. */
export function CardGrid({ cards, columns = 3 }: CardGridProps) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columnClasses[columns]}`}>
      {cards.map((card) => (
        <li key={card.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
          {card.icon && (
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <Icon name={card.icon} />
            </span>
          )}
          <h3 className="mt-4 text-lg font-semibold text-brand-900">{card.title}</h3>
          <p className="mt-2 leading-relaxed text-muted">{card.text}</p>
          {card.details && (
            <dl className="mt-4 space-y-2 border-t border-line pt-4">
              {card.details.map((item) => (
                <div key={item.term} className="sm:flex sm:gap-3">
                  <dt className="shrink-0 font-semibold text-brand-900 sm:w-28">{item.term}</dt>
                  <dd className="text-muted">{item.detail}</dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}
