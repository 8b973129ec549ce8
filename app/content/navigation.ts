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

/** Whether `pathname` is the entry's page or one of its submenu's pages. */
export function isCurrentEntry(entry: NavEntry, pathname: string): boolean {
  if (entry.href === pathname) return true;
  return entry.submenu?.some((item) => item.href === pathname) ?? false;
}
