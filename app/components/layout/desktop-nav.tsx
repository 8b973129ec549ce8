import type { LayoutCopy } from "~/data/layout";
import { ariaCurrent, currentEntry, type NavEntry } from "~/data/navigation";
import { Icon } from "../ui/icon";
import { submenuCurrent } from "./nav-current";

function submenuId(label: string) {
  return `submenu-${label.toLowerCase()}`;
}

/**
 * Wide screens: a row of links; entries with a submenu get a chevron button
 * that opens its dropdown. Each dropdown is a popover the button opens by
 * itself (`popovertarget`), so it works from the first paint: one open at a
 * time, a second press, Escape or a press outside closes it, and it comes
 * next in the Tab order. It sits under its entry by CSS anchor positioning
 * (app.css, `.nav-dropdown`). Markup only, rendered at build time with the
 * page's entry marked current: the chevron's expanded state is the browser's
 * (a `popovertarget` button is exposed as expanded while its popover is open),
 * its turn and the current entry's colour (by the header's tone) are CSS, and
 * `<desktop-nav>` (desktop-nav.element.ts) does the rest.
 */
export default function DesktopNav({ pathname, entries: headerNav, copy: layoutCopy }: { pathname: string; entries: readonly NavEntry[]; copy: LayoutCopy }) {
  const current = currentEntry(headerNav, pathname);
  return (
    <desktop-nav class="contents">
      <nav aria-label={layoutCopy.mainNavLabel} className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {headerNav.map((entry) => (
            <li key={entry.href} className="nav-entry relative flex items-center">
              <a
                href={entry.href}
                aria-current={ariaCurrent(entry, current, pathname)}
                // Its look follows aria-current.
                className="rounded px-2.5 py-2 text-[0.95rem] font-medium underline-offset-8 hover:underline aria-[current]:text-brand-600 aria-[current]:underline aria-[current]:decoration-2 group-data-[tone=solid]:aria-[current]:text-accent-400"
              >
                {entry.label}
              </a>
              {entry.submenu && (
                <>
                  <button
                    type="button"
                    popoverTarget={submenuId(entry.label)}
                    aria-controls={submenuId(entry.label)}
                    aria-label={layoutCopy.submenuToggle(entry.label)}
                    className="-ml-1 rounded p-1"
                  >
                    <Icon name="chevron-down" className="nav-chevron size-4 transition-transform" />
                  </button>
                  <ul
                    id={submenuId(entry.label)}
                    popover="auto"
                    data-entry={entry.label}
                    className="nav-dropdown w-64 rounded-xl bg-white p-2 text-brand-900 shadow-xl ring-1 ring-line"
                  >
                    {entry.submenu.map((item) => (
                      <li key={item.href}>
                        <a
                          href={item.href}
                          {...submenuCurrent(
                            item.href,
                            pathname,
                            "block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700",
                          )}
                        >
                          {item.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </desktop-nav>
  );
}
