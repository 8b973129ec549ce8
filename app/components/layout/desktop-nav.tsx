import { Link, NavLink, useLocation } from "react-router";
import { layoutCopy } from "~/data/layout";
import { ariaCurrent, currentEntry, headerNav } from "~/data/navigation";
import { Icon } from "../ui/icon";
import { NAV_ENTRY_ATTRIBUTE } from "./nav-current";
import "./desktop-nav-behaviour";

function submenuId(label: string) {
  return `submenu-${label.toLowerCase()}`;
}

/**
 * Wide screens: a row of links; entries with a submenu get a chevron button
 * that opens its dropdown. Each dropdown is a popover the button opens by
 * itself (`popovertarget`), so it works from the first paint: one open at a
 * time, a second press, Escape or a press outside closes it, and it comes
 * next in the Tab order. It sits under its entry by CSS anchor positioning
 * (app.css, `.nav-dropdown`). Markup only: a static part of the header
 * (header.tsx), kept for the page's life: on each route change
 * settleHeaderNav (nav-current.ts) re-marks the current entry and closes an open
 * dropdown. The chevron's `aria-expanded` is kept by the early events head
 * script, its turn and the current entry's colour (by the header's tone) are
 * CSS, and `<desktop-nav>` (desktop-nav-behaviour.ts) does the rest.
 */
export default function DesktopNav() {
  const { pathname } = useLocation();
  const current = currentEntry(headerNav, pathname);
  return (
    <desktop-nav class="contents">
      <nav aria-label={layoutCopy.mainNavLabel} className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {headerNav.map((entry) => (
            <li key={entry.href} className="nav-entry relative flex items-center">
              <Link
                to={entry.href}
                {...{ [NAV_ENTRY_ATTRIBUTE]: entry.href }}
                aria-current={ariaCurrent(entry, current, pathname)}
                // Its look follows aria-current, which settleHeaderNav keeps after a move inside the app.
                className="rounded px-2.5 py-2 text-[0.95rem] font-medium underline-offset-8 hover:underline aria-[current]:text-brand-600 aria-[current]:underline aria-[current]:decoration-2 group-data-[tone=solid]:aria-[current]:text-accent-400"
              >
                {entry.label}
              </Link>
              {entry.submenu && (
                <>
                  <button
                    type="button"
                    popoverTarget={submenuId(entry.label)}
                    aria-expanded={false}
                    aria-controls={submenuId(entry.label)}
                    aria-label={layoutCopy.submenuToggle(entry.label)}
                    className="group/chevron -ml-1 rounded p-1"
                  >
                    <Icon name="chevron-down" className="size-4 transition-transform group-aria-expanded/chevron:rotate-180" />
                  </button>
                  <ul
                    id={submenuId(entry.label)}
                    popover="auto"
                    data-entry={entry.label}
                    className="nav-dropdown w-64 rounded-xl bg-white p-2 text-brand-900 shadow-xl ring-1 ring-line"
                  >
                    {entry.submenu.map((item) => (
                      <li key={item.href}>
                        <NavLink
                          to={item.href}
                          end
                          className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                        >
                          {item.label}
                        </NavLink>
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
