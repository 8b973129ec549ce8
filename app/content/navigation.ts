import { paths } from "./paths";

export interface NavLink {
  label: string;
  href: string;
}
export interface NavEntry extends NavLink {
  /** Entries with a submenu get a chevron button on wide screens. */
  submenu?: readonly NavLink[];
}

export const headerNav: readonly NavEntry[] = [
  { label: "Home", href: paths.home },
  { label: "About", href: paths.about },
  { label: "Freelancers", href: paths.freelancers },
  { label: "Agencies", href: paths.agencies },
  {
    label: "Services",
    href: paths.services,
    submenu: [
      { label: "Tenders & Project Delivery", href: paths.spotlightTenders },
      { label: "Member", href: paths.member },
    ],
  },
  { label: "Resources", href: paths.resources },
  { label: "Contact", href: paths.contact },
  {
    label: "News",
    href: paths.spotlight,
    submenu: [
      { label: "Spotlight On", href: paths.spotlight },
      { label: "Agencies & Recruiters", href: paths.spotlightAgencies },
      { label: "Payroll & Compliance", href: paths.spotlightPayroll },
    ],
  },
];

export const getStartedLink: NavLink = { label: "Get Started", href: paths.contact };

/** The footer links home as /home, as the original does; the server redirects it to /. */
export const footerQuickLinks: readonly NavLink[] = [
  { label: "Home", href: paths.homeAlias },
  { label: "About", href: paths.about },
  { label: "Freelancers", href: paths.freelancers },
  { label: "Agencies", href: paths.agencies },
  { label: "Services", href: paths.services },
  { label: "Resources", href: paths.resources },
  { label: "Contact", href: paths.contact },
];

export const footerLegalLinks: readonly NavLink[] = [
  { label: "Privacy Policy", href: paths.privacyPolicy },
  { label: "Terms & Conditions", href: paths.termsConditions },
  { label: "Cookie Policy", href: paths.cookiePolicy },
];

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
