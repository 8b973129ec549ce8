import type { Card } from "~/content/types";
import { Icon } from "../ui/icon";

interface CardGridProps {
  cards: readonly Card[];
  /** Columns on wide screens. */
  columns?: 2 | 3 | 4;
}

const columnClasses = { 2: "lg:grid-cols-2", 3: "lg:grid-cols-3", 4: "lg:grid-cols-4" } as const;
const cardClasses = "h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line";

/** Cards with an icon, a title and a line of text, rendered from content. */
export function CardGrid({ cards, columns = 3 }: CardGridProps) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columnClasses[columns]}`}>
      {cards.map((card) => (
        <li key={card.title} className={cardClasses}>
          <CardBody card={card} />
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

function CardBody({ card }: { card: Card }) {
  return (
    <>
      {card.icon && (
        <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <Icon name={card.icon} />
        </span>
      )}
      <h3 className="mt-4 text-lg font-semibold text-brand-900">{card.title}</h3>
      <p className="mt-2 leading-relaxed text-muted">{card.text}</p>
    </>
  );
}
