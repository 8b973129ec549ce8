// A page's sitemap lastmod: the day its content last changed, from the git
// history of the content files it shows (not the day of the build, which
// would tell search engines every page changed at every publish).
import { spawnSync } from "node:child_process";
import { paths, serviceSlugs } from "../../app/content/paths";

/**
 * The content files (or folders, ending in "/") each listed page shows. The
 * header and footer links (content/navigation/) are on every page but are not
 * any page's own content, so they move no date. A page that shows no content
 * file (its words are still in app/) has no lastmod rather than a made-up one.
 */
export const pageContent: Readonly<Record<string, readonly string[]>> = {
  [paths.home]: ["content/home/", "content/testimonials/home.yaml"],
  [paths.about]: ["content/about.md"],
  [paths.freelancers]: ["content/faqs/freelancers.yaml"],
  [paths.agencies]: ["content/faqs/agencies.yaml", "content/testimonials/agencies.yaml"],
  [paths.services]: ["content/services/"],
  ...Object.fromEntries(serviceSlugs.map((slug) => [paths.serviceCategory(slug), [`content/services/${slug}.yaml`]])),
  [paths.resources]: ["content/faqs/resources.yaml"],
  [paths.privacyPolicy]: ["content/legal/privacy-policy.md"],
  [paths.termsConditions]: ["content/legal/terms-conditions.md"],
  [paths.cookiePolicy]: ["content/legal/cookie-policy.md"],
  [paths.spotlight]: ["content/spotlight/index.md", "content/statistics.yaml"],
  [paths.spotlightPayroll]: ["content/spotlight/payroll.md", "content/statistics.yaml"],
  [paths.spotlightAgencies]: ["content/spotlight/agencies.md", "content/statistics.yaml"],
  [paths.spotlightTenders]: ["content/tenders/"],
};

/** Content files that are no page's own content (see pageContent). */
export const sharedContent: readonly string[] = ["content/navigation/", "content/README.md"];

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
