// A page's sitemap lastmod: the day its content last changed, from the git
// history of the content files it shows (not the day of the build, which
// would tell search engines every page changed at every publish).
import { spawnSync } from "node:child_process";

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

/**
 * A page's lastmod: the newest date of the content files it shows (a folder,
 * ending in "/", covers its files); undefined when it shows none or there is
 * no history. Which files a page shows, the build finds (page-content.ts).
 */
export function lastModified(content: readonly string[], dates: ReadonlyMap<string, string> | undefined): string | undefined {
  if (!dates) return undefined;
  let newest: string | undefined;
  for (const [file, date] of dates) {
    if (content.some((entry) => covers(entry, file)) && (!newest || date > newest)) newest = date;
  }
  return newest;
}
