import { useEffect, useRef, useState, type ToggleEvent } from "react";
import { Link, NavLink } from "react-router";
import { layoutCopy } from "~/content/layout";
import { ariaCurrent, currentEntry, type NavEntry } from "~/content/navigation";
import { Icon } from "../ui/icon";
import type { HeaderTone } from "./header-tone";

interface DesktopNavProps {
  entries: readonly NavEntry[];
  pathname: string;
  tone: HeaderTone;
}

function submenuId(label: string) {
  return `submenu-${label.toLowerCase()}`;
}

/** Where CSS anchor positioning is missing: the dropdown goes under its entry (set through the CSSOM, which the CSP allows). */
function placeUnderItsEntry(dropdown: HTMLElement) {
  const entry = dropdown.parentElement;
  if (!entry) return;
  const rect = entry.getBoundingClientRect();
  dropdown.style.top = `${rect.bottom + 8}px`;
  dropdown.style.left = `${rect.left}px`;
}

const openDropdowns = (nav: HTMLElement | null) => [...(nav?.querySelectorAll<HTMLElement>("[popover]:popover-open") ?? [])];

/**
 * Wide screens: a row of links; entries with a submenu get a chevron button
 * that opens its dropdown. Each dropdown is a popover the button opens by
 * itself (`popovertarget`), so it works from the first paint: one open at a
 * time, a second press, Escape or a press outside closes it, and it comes
 * next in the Tab order. It sits under its entry by CSS anchor positioning
 * (app.css, `.nav-dropdown`). Once hydrated, this component names the state
 * in `aria-expanded`, turns the chevron, and closes a dropdown on every route
 * change and on a press of one of its links.
 */
export function DesktopNav({ entries, pathname, tone }: DesktopNavProps) {
  const navRef = useRef<HTMLElement>(null);
  const [openSubmenu, setOpenSubmenu] = useState<string | null>(null);
  const activeClass = tone === "solid" ? "text-accent-400" : "text-brand-600";
  const current = currentEntry(entries, pathname);

  // A press made before hydration may have opened one already.
  useEffect(() => {
    const open = openDropdowns(navRef.current)[0];
    if (open) setOpenSubmenu(open.dataset.entry ?? null);
  }, []);

  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    for (const dropdown of openDropdowns(navRef.current)) dropdown.hidePopover();
  }, [pathname]);

  const onToggle = (label: string) => (event: ToggleEvent<HTMLUListElement>) => {
    if (event.newState !== "open") {
      setOpenSubmenu((open) => (open === label ? null : open));
      return;
    }
    setOpenSubmenu(label);
    if (!CSS.supports("anchor-scope: all")) placeUnderItsEntry(event.currentTarget);
  };
  const closeAll = () => {
    for (const dropdown of openDropdowns(navRef.current)) dropdown.hidePopover();
  };

  return (
    <nav ref={navRef} aria-label={layoutCopy.mainNavLabel} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {entries.map((entry) => (
          <li key={entry.href} className="nav-entry relative flex items-center">
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
                  popoverTarget={submenuId(entry.label)}
                  aria-expanded={openSubmenu === entry.label}
                  aria-controls={submenuId(entry.label)}
                  aria-label={layoutCopy.submenuToggle(entry.label)}
                  className="-ml-1 rounded p-1"
                >
                  <Icon
                    name="chevron-down"
                    className={`size-4 transition-transform ${openSubmenu === entry.label ? "rotate-180" : ""}`}
                  />
                </button>
                <ul
                  id={submenuId(entry.label)}
                  popover="auto"
                  data-entry={entry.label}
                  onToggle={onToggle(entry.label)}
                  className="nav-dropdown w-64 rounded-xl bg-white p-2 text-brand-900 shadow-xl ring-1 ring-line"
                >
                  {entry.submenu.map((item) => (
                    <li key={item.href}>
                      <NavLink
                        to={item.href}
                        end
                        onClick={closeAll}
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
