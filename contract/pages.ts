// Which of the site's URLs are pages, and how each is published: read by the
// build (pre-render list, sitemap), the benchmarks, the tests and the server
// (only these pages get a page policy allowing their scripts by hash), never
// by browser code (so none of it is in the site's JavaScript).
import { paths, serviceSlugs } from "./paths";

/**
 * Pages that exist and are pre-rendered. A route joins this list in the same
 * change that adds its route file under app/pages/: the build fails, naming
 * the page, when a page here was not built or a page built is not here.
 */
export const sitePages: readonly string[] = [
  paths.home,
  paths.about,
  paths.freelancers,
  paths.agencies,
  paths.services,
  ...serviceSlugs.map(paths.serviceCategory),
  paths.resources,
  paths.contact,
  paths.privacyPolicy,
  paths.termsConditions,
  paths.cookiePolicy,
  paths.spotlight,
  paths.spotlightPayroll,
  paths.spotlightAgencies,
  paths.spotlightTenders,
  paths.member,
];

/**
 * Pages that exist but are not for search engines or the sitemap (noindex):
 * the newsletter confirm/unsubscribe/subscribed pages, the enquiry's "received"
 * page, the form post's confirmation and its failures, and the owner's inbox. They join
 * this list with their route modules.
 */
export const unlistedPages: readonly string[] = [
  paths.newsletterConfirm,
  paths.newsletterUnsubscribe,
  paths.newsletterSubscribed,
  paths.contactReceived,
  paths.sendConfirm,
  paths.sendExpired,
  paths.sendUsed,
  paths.sendInvalid,
  paths.admin,
];

/** Everything the build pre-renders: the pages plus the not-found fallbacks. */
export const prerenderPaths: string[] = [...sitePages, ...unlistedPages, paths.notFound, paths.serviceCategoryNotFound];
