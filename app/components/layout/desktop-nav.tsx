import { useRef } from "react";
import { Link, NavLink } from "react-router";
import { layoutCopy } from "~/content/layout";
import { ariaCurrent, currentEntry, type NavEntry } from "~/content/navigation";
import { useDismiss } from "~/lib/use-dismiss";
import { Icon } from "../ui/icon";
import type { HeaderTone } from "./header-tone";

interface DesktopNavProps {
  entries: readonly NavEntry[];
  pathname: string;
  openSubmenu: string | null;
  onToggleSubmenu: (label: string) => void;
  onCloseSubmenu: () => void;
  tone: HeaderTone;
}

function submenuId(label: string) {
  return `submenu-${label.toLowerCase()}`;
}

/** Wide screens: a row of links; entries with a submenu get a chevron button that opens one dropdown at a time. */
export function DesktopNav({ entries, pathname, openSubmenu, onToggleSubmenu, onCloseSubmenu, tone }: DesktopNavProps) {
  const navRef = useRef<HTMLElement>(null);
  useDismiss(navRef, openSubmenu !== null, onCloseSubmenu);
  const activeClass = tone === "solid" ? "text-accent-400" : "text-brand-600";
  const current = currentEntry(entries, pathname);

  return (
    <nav ref={navRef} aria-label={layoutCopy.mainNavLabel} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {entries.map((entry) => (
          <li key={entry.href} className="relative flex items-center">
            <Link
              to={entry.href}
              aria-current={ariaCurrent(entry, current, pathname)}
              className={`rounded px-2.5 py-2 text-[0.95rem] font-medium underline-offset-8 hover:underline ${
                entry === current ? `${activeClass} underline decoration-2` : ""
              }`}
            >
              {entry.label}
            </Link>
            {entry.submenu && (
              <>
                <button
                  type="button"
                  aria-expanded={openSubmenu === entry.label}
                  aria-controls={submenuId(entry.label)}
                  aria-label={layoutCopy.submenuToggle(entry.label)}
                  onClick={() => onToggleSubmenu(entry.label)}
                  className="-ml-1 rounded p-1"
                >
                  <Icon
                    name="chevron-down"
                    className={`size-4 transition-transform ${openSubmenu === entry.label ? "rotate-180" : ""}`}
                  />
                </button>
                <ul
                  id={submenuId(entry.label)}
                  hidden={openSubmenu !== entry.label}
                  className="absolute top-full left-0 mt-2 w-64 rounded-xl bg-white p-2 text-brand-900 shadow-xl ring-1 ring-line"
                >
                  {entry.submenu.map((item) => (
                    <li key={item.href}>
                      <NavLink
                        to={item.href}
                        end
                        onClick={onCloseSubmenu}
                        className={({ isActive }) =>
                          `block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-50 ${isActive ? "bg-brand-50 text-brand-700" : ""}`
                        }
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
  );
}
