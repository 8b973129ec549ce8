import { ariaCurrent, currentEntry, type Navigation } from "~/data/navigation";
import { submenuCurrent } from "./nav-current";

/** The mobile menu's entries and its Get Started link, the current page's entry marked (mobile-menu.tsx). */
export default function MobileMenuLinks({ pathname, nav, mainNavLabel }: { pathname: string; nav: Navigation; mainNavLabel: string }) {
  const { headerNav, getStartedLink } = nav;
  const current = currentEntry(headerNav, pathname);
  return (
    <>
      <nav aria-label={mainNavLabel} className="mt-2 flex-1 overflow-y-auto">
        <ul className="space-y-1">
          {headerNav.map((entry) => (
            <li key={entry.href}>
              <a
                href={entry.href}
                aria-current={ariaCurrent(entry, current, pathname)}
                // Its look follows aria-current.
                className="block rounded-lg px-3 py-2.5 text-lg font-semibold hover:bg-brand-50 aria-[current]:bg-brand-50 aria-[current]:text-brand-700"
              >
                {entry.label}
              </a>
              {entry.submenu && (
                <ul className="ml-4 border-l border-line pl-3">
                  {entry.submenu.map((item) => (
                    <li key={item.href}>
                      <a
                        href={item.href}
                        {...submenuCurrent(
                          item.href,
                          pathname,
                          "block rounded-lg px-3 py-2 text-base font-medium text-muted hover:bg-brand-50 aria-[current=page]:text-brand-700",
                        )}
                      >
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <a href={getStartedLink.href} className="mt-4 block rounded-full bg-accent-500 px-5 py-3 text-center font-semibold text-brand-950">
        {getStartedLink.label}
      </a>
    </>
  );
}
