import type { IndustryUpdate } from "~/data/types";
import { Icon } from "../ui/icon";

/**
 * Editorial notices dated with the visitor's today's date. The date is written
 * in the browser (`<today-date>`; pre-rendered HTML has none); its line keeps
 * its height meanwhile, so nothing moves when it appears.
 */
export function DatedUpdates({ updates, dateLabel }: { updates: readonly IndustryUpdate[]; dateLabel: string }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {updates.map((update) => (
        <li key={update.title}>
          <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
            <p className="flex h-6 items-center gap-2 text-sm font-medium text-brand-700">
              <Icon name="calendar" className="size-4" />
              <today-date label={dateLabel} />
            </p>
            <h3 className="mt-3 text-lg font-semibold text-brand-900">{update.title}</h3>
            <p className="mt-2 leading-relaxed text-muted">{update.summary}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
