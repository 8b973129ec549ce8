// Every URL of the site, defined once, for the site and the server alike: the
// header, the footer, the page lists (app/data/pages.ts), the server's
// redirects, not-found pages and email links, and the tests all read them here.

export const serviceSlugs = [
  "recruitment",
  "payroll",
  "insurance",
  "mortgages",
  "training",
  "accounting",
  "usa",
  "uae",
] as const;
export type ServiceSlug = (typeof serviceSlugs)[number];

export const paths = {
  home: "/",
  homeAlias: "/home",
  about: "/about",
  freelancers: "/freelancers",
  agencies: "/agencies",
  services: "/services",
  serviceCategory: (slug: string) => `/services/${slug}`,
  resources: "/resources",
  contact: "/contact",
  privacyPolicy: "/privacy-policy",
  termsConditions: "/terms-conditions",
  cookiePolicy: "/cookie-policy",
  spotlight: "/spotlight",
  spotlightPayroll: "/spotlight/payroll",
  spotlightAgencies: "/spotlight/agencies",
  spotlightTenders: "/spotlight/tenders",
  member: "/member",
  /** Double opt-in: the page a confirmation email links to (token in the query). */
  newsletterConfirm: "/newsletter/confirm",
  /** The page every newsletter email's unsubscribe link opens (token in the query). */
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  /** "Check your email": where a sign-up sent before the page's script ran lands (the API redirects there). */
  newsletterSubscribed: "/newsletter/subscribed",
  /** "Thanks, we'll be in touch": where an enquiry sent before the page's script ran lands (the API redirects there). */
  contactReceived: "/contact/received",
  /**
   * "One more step": the page the API answers a form posted without the page's
   * script with, filled in by the server (what was sent, the button's token).
   */
  sendConfirm: "/send",
  /** The confirmation's button pressed after its 30 minutes. */
  sendExpired: "/send/expired",
  /** The confirmation's button pressed again, or for a submission no longer held. */
  sendUsed: "/send/already-sent",
  /** A confirmation token that is not ours: forged, altered, cut short. */
  sendInvalid: "/send/not-valid",
  /** The owner's inbox: not linked from the site, never indexed. */
  admin: "/admin",
  /** Pre-rendered not-found page, served with HTTP 404 for any unknown path. */
  notFound: "/404",
  /** Pre-rendered "Category not found" page, served with HTTP 404 for an unknown service slug. */
  serviceCategoryNotFound: "/services/404",
} as const;

/**
 * Paths the server answers with a 301 to a page: the footer's /home link, and
 * /index.html so the home page has one address.
 */
export const redirects: Readonly<Record<string, string>> = /* @__PURE__ */ (() => ({
  [paths.homeAlias]: paths.home,
  "/index.html": paths.home,
}))();

/**
 * The pre-rendered page the server sends, with HTTP 404, for a path the site
 * does not have: the first whose pattern matches, so the catch-all comes last.
 */
// Built by functions called as pure (here and above), so a browser bundle that needs neither drops them.
export const notFoundPages: readonly { match: RegExp; page: string }[] = /* @__PURE__ */ (() => [
  // An unknown service category gets "Category not found", with a link back to the services.
  { match: new RegExp(`^${paths.services}/[^/]+$`), page: paths.serviceCategoryNotFound },
  { match: /^\//, page: paths.notFound },
])();
