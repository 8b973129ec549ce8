// A page's sitemap lastmod: the day its content last changed, from the git
// history of the content files it shows (not the day of the build, which
// would tell search engines every page changed at every publish).
import { spawnSync } from "node:child_process";
import { paths, serviceSlugs } from "../../app/data/paths";

/**
 * The content files (or folders, ending in "/") each page shows, its title
 * and description included. What every page shows (the header and footer,
 * the notices, the site's name and contact details, the newsletter form)
 * is no page's own content, so it moves no date.
 */
export const pageContent: Readonly<Record<string, readonly string[]>> = {
  [paths.home]: ["content/home/", "content/pages/home.yaml", "content/testimonials/home.yaml", "content/meta/home.yaml"],
  [paths.about]: ["content/about.md", "content/meta/about.yaml"],
  [paths.freelancers]: ["content/pages/freelancers.yaml", "content/faqs/freelancers.yaml", "content/meta/freelancers.yaml"],
  [paths.agencies]: ["content/pages/agencies.yaml", "content/faqs/agencies.yaml", "content/testimonials/agencies.yaml", "content/meta/agencies.yaml"],
  [paths.services]: ["content/pages/services.yaml", "content/services/", "content/meta/services.yaml"],
  ...Object.fromEntries(serviceSlugs.map((slug) => [paths.serviceCategory(slug), [`content/services/${slug}.yaml`, "content/pages/service-category.yaml"]])),
  [paths.resources]: ["content/pages/resources.yaml", "content/faqs/resources.yaml", "content/meta/resources.yaml"],
  [paths.contact]: ["content/pages/contact.yaml", "content/forms/enquiry.yaml", "content/meta/contact.yaml"],
  [paths.member]: ["content/pages/member.yaml", "content/meta/member.yaml"],
  [paths.privacyPolicy]: ["content/legal/privacy-policy.md", "content/site/legal.yaml", "content/meta/privacy-policy.yaml"],
  [paths.termsConditions]: ["content/legal/terms-conditions.md", "content/site/legal.yaml", "content/meta/terms-conditions.yaml"],
  [paths.cookiePolicy]: ["content/legal/cookie-policy.md", "content/site/legal.yaml", "content/meta/cookie-policy.yaml"],
  [paths.spotlight]: ["content/spotlight/index.md", "content/statistics.yaml", "content/meta/spotlight.yaml"],
  [paths.spotlightPayroll]: ["content/spotlight/payroll.md", "content/statistics.yaml", "content/meta/spotlight-payroll.yaml"],
  [paths.spotlightAgencies]: ["content/spotlight/agencies.md", "content/statistics.yaml", "content/meta/spotlight-agencies.yaml"],
  [paths.spotlightTenders]: ["content/pages/tenders.yaml", "content/tenders/", "content/meta/tenders.yaml"],
  // Pages the sitemap does not list, named so that every file is claimed.
  [paths.contactReceived]: ["content/pages/contact-received.yaml", "content/forms/enquiry.yaml"],
  [paths.newsletterConfirm]: ["content/pages/newsletter-confirm.yaml"],
  [paths.newsletterUnsubscribe]: ["content/pages/newsletter-unsubscribe.yaml"],
  [paths.newsletterSubscribed]: ["content/pages/newsletter-subscribed.yaml"],
  [paths.sendConfirm]: ["content/pages/send-confirm.yaml"],
  [paths.sendExpired]: ["content/pages/send-failed.yaml"],
  [paths.sendUsed]: ["content/pages/send-failed.yaml"],
  [paths.sendInvalid]: ["content/pages/send-failed.yaml"],
  [paths.notFound]: ["content/pages/not-found.yaml"],
};

/** Content files that are no page's own content (see pageContent). */
export const sharedContent: readonly string[] = [
  "content/navigation/",
  "content/site/layout.yaml",
  "content/site/notices.yaml",
  "content/site/brand.yaml",
  "content/site/profile.yaml",
  "content/site/carousel.yaml",
  "content/site/refer-and-earn.yaml",
  "content/forms/newsletter.yaml",
  "content/README.md",
];

export const covers = (entry: string, file: string) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry);

/**
 * The day (YYYY-MM-DD, the committer's) each content file last changed, from
 * one read of the history up to `revision`; undefined without a history. The
 * content editor's publishing builds outside the checkout and names its git
 * folder and the commit being built (SITE_GIT_DIR, SITE_GIT_REVISION).
 */
export function contentDates(options: { cwd: string; gitDir?: string; revision?: string }): Map<string, string> | undefined {
  const result = spawnSync(
    "git",
    ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "log", "--format=%x00%cs", "--name-only", "--no-renames", options.revision || "HEAD", "--", "content"],
    {
      cwd: options.cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      // Read-only: takes no lock, so it cannot meet the publisher's own git.
      env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", ...(options.gitDir ? { GIT_DIR: options.gitDir } : {}) },
    },
  );
  if (result.status !== 0) return undefined;
  const dates = new Map<string, string>();
  for (const commit of result.stdout.split("\0").slice(1)) {
    const [date, ...files] = commit.split("\n").filter(Boolean);
    // Newest first: the first date seen for a file is its last change.
    for (const file of files) if (!dates.has(file)) dates.set(file, date!);
  }
  return dates;
}

/** A page's lastmod: the newest date of the content files it shows; undefined when it shows none or there is no history. */
export function pageLastModified(page: string, dates: ReadonlyMap<string, string> | undefined): string | undefined {
  const entries = pageContent[page];
  if (!dates || !entries) return undefined;
  let newest: string | undefined;
  for (const [file, date] of dates) {
    if (entries.some((entry) => covers(entry, file)) && (!newest || date > newest)) newest = date;
  }
  return newest;
}
