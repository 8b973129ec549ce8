// The links themselves are content/navigation/*.yaml (read by the layout); the rules for which is current stay here.
import type { ContentOf } from "./schemas";

export interface NavLink {
  label: string;
  href: string;
}
export interface NavEntry extends NavLink {
  /** Entries with a submenu get a chevron button on wide screens. */
  submenu?: readonly NavLink[];
}

export interface Navigation {
  headerNav: readonly NavEntry[];
  getStartedLink: NavLink;
  footerQuickLinks: readonly NavLink[];
  footerLegalLinks: readonly NavLink[];
}

/** The header's and the footer's links. The footer links home as /home, as the original does; the server redirects it to /. */
export function navigation(header: ContentOf<"navigation/header.yaml">, footer: ContentOf<"navigation/footer.yaml">): Navigation {
  return { headerNav: header.menu, getStartedLink: header.getStarted, footerQuickLinks: footer.quickLinks, footerLegalLinks: footer.legalLinks };
}

/**
 * The one header entry the current page belongs to: its own page, a page of
 * its submenu (so /member highlights Services, not News), or a page below it
 * (/services/payroll highlights Services).
 */
export function currentEntry(entries: readonly NavEntry[], pathname: string): NavEntry | undefined {
  return (
    entries.find((entry) => entry.href === pathname) ??
    entries.find((entry) => entry.submenu?.some((item) => item.href === pathname)) ??
    entries.find((entry) => entry.href !== "/" && pathname.startsWith(`${entry.href}/`))
  );
}

/**
 * aria-current for a header link: "page" on the link to this very page,
 * "true" on the entry whose section holds it, nothing elsewhere.
 */
export function ariaCurrent(entry: NavEntry, current: NavEntry | undefined, pathname: string): "page" | "true" | undefined {
  if (entry.href === pathname) return "page";
  return entry === current ? "true" : undefined;
}

/**
 * Whether a submenu item's link is the current page: its own page only, any
 * letter case (the rule the submenus have always marked by).
 */
export function isCurrentPage(href: string, pathname: string): boolean {
  return href.toLowerCase() === pathname.toLowerCase();
}
