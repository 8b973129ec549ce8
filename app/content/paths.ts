// Every URL of the site, defined once. The header, the footer, the page lists
// (pages.ts), the server's redirects and the tests all read from here.

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
  /** The owner's inbox: not linked from the site, never indexed. */
  admin: "/admin",
  /** Pre-rendered not-found page, served with HTTP 404 for any unknown path. */
  notFound: "/404",
  /** Pre-rendered "Category not found" page, served with HTTP 404 for an unknown service slug. */
  serviceCategoryNotFound: "/services/404",
} as const;
