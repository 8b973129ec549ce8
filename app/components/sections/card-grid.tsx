import type { Card } from "~/data/types";
import { Icon } from "../ui/icon";

interface CardGridProps {
  cards: readonly Card[];
  /** Columns on wide screens. */
  columns?: 2 | 3 | 4;
  /** Visible text of the link on cards that have an `href` (the card's title completes its accessible name). */
  linkLabel?: string;
}

const columnClasses = { 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" } as const;
const cardClasses = "flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line";

/** Cards with an icon, a title, a line of text, optional facts (a dl) and an optional link, rendered from content. */
export function CardGrid({ cards, columns = 3, linkLabel }: CardGridProps) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columnClasses[columns]}`}>
      {cards.map((card) => (
        <li key={card.title} className={cardClasses}>
          <CardBody card={card} linkLabel={linkLabel} />
        </li>
      ))}
    </ul>
  );
}

/** One card on its own (a carousel slide). */
export function CardPanel({ card }: { card: Card }) {
  // An inset ring, so a carousel's clipped viewport cannot cut the card's edge off.
  return (
    <div className={`${cardClasses} ring-inset`}>
      <CardBody card={card} />
    </div>
  );
}

function CardBody({ card, linkLabel }: { card: Card; linkLabel?: string }) {
  return (
    <>
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
      {card.href && linkLabel && (
        <a
          href={card.href}
          className="mt-auto inline-flex items-center gap-1 self-start pt-5 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {linkLabel}
          <span className="sr-only"> {card.title}</span>
          <Icon name="arrow-right" className="size-4" />
        </a>
      )}
    </>
  );
}
