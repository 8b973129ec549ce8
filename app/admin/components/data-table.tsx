import type { ReactNode } from "react";

/** The padding of a cell in a DataTable. */
export const cellClass = "px-4 py-3";

/**
 * One of the owner's tables: captioned, with a heading per column, inside a
 * named region that scrolls sideways when the table is wider than a phone.
 * The rows are the children.
 */
export function DataTable({ caption, headings, children }: { caption: string; headings: readonly string[]; children: ReactNode }) {
  return (
    // Focusable so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-2xl bg-white ring-1 ring-line">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left text-base font-semibold text-brand-900">{caption}</caption>
        <thead className="border-b border-line text-brand-900">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={cellClass}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
