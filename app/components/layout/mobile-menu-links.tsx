import { Link, NavLink, useLocation } from "react-router";
import { layoutCopy } from "~/data/layout";
import { ariaCurrent, currentEntry, getStartedLink, headerNav } from "~/data/navigation";
import { NAV_ENTRY_ATTRIBUTE } from "./nav-current";

/** The mobile menu's entries and its Get Started link, the current page's entry marked (mobile-menu.tsx). */
export default function MobileMenuLinks() {
  const { pathname } = useLocation();
  const current = currentEntry(headerNav, pathname);
  return (
    <>
      <nav aria-label={layoutCopy.mainNavLabel} className="mt-2 flex-1 overflow-y-auto">
        <ul className="space-y-1">
          {headerNav.map((entry) => (
            <li key={entry.href}>
              <Link
                to={entry.href}
                {...{ [NAV_ENTRY_ATTRIBUTE]: entry.href }}
                aria-current={ariaCurrent(entry, current, pathname)}
                // Its look follows aria-current, which settleHeaderNav keeps after a move inside the app.
                className="block rounded-lg px-3 py-2.5 text-lg font-semibold hover:bg-brand-50 aria-[current]:bg-brand-50 aria-[current]:text-brand-700"
              >
                {entry.label}
              </Link>
              {entry.submenu && (
                <ul className="ml-4 border-l border-line pl-3">
                  {entry.submenu.map((item) => (
                    <li key={item.href}>
                      <NavLink
                        to={item.href}
                        end
                        className="block rounded-lg px-3 py-2 text-base font-medium text-muted hover:bg-brand-50 aria-[current=page]:text-brand-700"
                      >
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <Link
        to={getStartedLink.href}
        className="mt-4 block rounded-full bg-accent-500 px-5 py-3 text-center font-semibold text-brand-950"
      >
        {getStartedLink.label}
      </Link>
    </>
  );
}
