// Copy of the shared layout: header, footer, back-to-top and the not-found
// page (the banners' is in site-extras.ts, loaded with them).

export const layoutCopy = {
  skipLink: "Skip to main content",
  mainNavLabel: "Main",
  menuLabel: "Menu",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  submenuToggle: (label: string) => `${label} submenu`,
  backToTop: "Back to top",
  footer: {
    quickLinksHeading: "Quick links",
    legalHeading: "Legal",
    followHeading: "Follow us",
    newTab: "(opens in a new tab)",
    rights: (year: number, name: string) => `© ${year} ${name}. All rights reserved.`,
  },
  /** The last-resort page when rendering fails in the browser. */
  error: {
    heading: "Something went wrong",
    text: "Please reload the page, or go back to the home page.",
    backHome: "Back to Home",
  },
} as const;

/** The not-found page's copy: a separate export, so only that page's code carries it. */
export const notFoundCopy = {
  title: "Page not found",
  heading: "Oops, that page has moved",
  text: "The page you’re looking for isn’t here. Try the menu or go back home.",
  backHome: "Back to Home",
} as const;
