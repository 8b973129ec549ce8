import { ariaCurrent, currentEntry, headerNav } from "~/data/navigation";

/** On a header link that is a navigation entry (not a submenu item): its href names the entry. */
export const NAV_ENTRY_ATTRIBUTE = "data-nav-entry";

/**
 * After a move inside the app: the header's navigation stays the same elements
 * (a press aimed at a button never finds it replaced), so what the markup
 * marks per page is brought up to date here, as the markup would render it for
 * `pathname`: aria-current on the links (their look follows it in CSS), and any
 * open dropdown or menu closed.
 */
export function settleHeaderNav(header: HTMLElement, pathname: string): void {
  const current = currentEntry(headerNav, pathname);
  for (const link of header.querySelectorAll<HTMLAnchorElement>("nav a[href]")) {
    const entryHref = link.getAttribute(NAV_ENTRY_ATTRIBUTE);
    const entry = entryHref === null ? undefined : headerNav.find((item) => item.href === entryHref);
    // A submenu item is current on its own page only (NavLink's `end`).
    const value = entry ? ariaCurrent(entry, current, pathname) : link.pathname === pathname ? "page" : undefined;
    if (value) link.setAttribute("aria-current", value);
    else link.removeAttribute("aria-current");
  }
  for (const open of header.querySelectorAll<HTMLElement>(":popover-open")) open.hidePopover();
  for (const dialog of header.querySelectorAll("dialog")) if (dialog.open) dialog.close();
}
