// Which of a build's files are the site's pages: the build writes the list
// into the site's folder (scripts/build/site-files.ts) from the pages Astro
// rendered, and the server reads it from there when it loads that build (only
// these pages get a page policy allowing their inline scripts by hash), as do
// the browser tests and the benchmarks. No list kept by hand: a route file
// under app/pages/ is a page of the next build. Never read by browser code.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { notFoundPages } from "./paths";

export interface BuiltPage {
  /** The page's URL path, as the site links it: `/`, `/about`, `/services/payroll`. */
  path: string;
  /** In the sitemap: the page has no `<meta name="robots" content="noindex">`. */
  listed: boolean;
  /** The content files (a folder ends in `/`) the page's build read for it, the layout's aside. */
  content: string[];
  /** The day (YYYY-MM-DD) its content last changed in the history, when there is one. */
  lastmod?: string;
}

/**
 * The list's file in the site's folder: dot-named, so the server never serves
 * it (server/site/site-files.ts), and written after Astro copies public/, so
 * nothing in public/ can stand in for it.
 */
export const builtPagesFile = ".pages.json";

function parse(json: string, file: string): BuiltPage[] {
  const data: unknown = JSON.parse(json);
  const pages = (data as { pages?: unknown }).pages;
  if (!Array.isArray(pages) || !pages.every((page) => typeof (page as BuiltPage).path === "string" && typeof (page as BuiltPage).listed === "boolean")) {
    throw new Error(`${file}: not a list of the build's pages ({ "pages": [{ "path", "listed", "content" }] })`);
  }
  return pages as BuiltPage[];
}

const missing = (file: string) => new Error(`${file} is missing: the folder is no build of the site (run \`npm run build\`).`);

/** The pages of the build in `siteDir`; throws, naming the file, when it is not a build. */
export async function readBuiltPages(siteDir: string): Promise<BuiltPage[]> {
  const file = path.join(siteDir, builtPagesFile);
  const json = await readFile(file, "utf8").catch(() => {
    throw missing(file);
  });
  return parse(json, file);
}

/** readBuiltPages for scripts and tests that list the pages as they load. */
export function readBuiltPagesSync(siteDir: string): BuiltPage[] {
  const file = path.join(siteDir, builtPagesFile);
  let json: string;
  try {
    json = readFileSync(file, "utf8");
  } catch {
    throw missing(file);
  }
  return parse(json, file);
}

/** The file's text for these pages (the build writes it; test fixtures write their own). */
export function builtPagesJson(pages: readonly BuiltPage[]): string {
  return `${JSON.stringify({ pages }, null, 2)}\n`;
}

/**
 * The pages of the last `npm run build` (its folder, SITE_BUILD_DIR's
 * `client`), for the browser tests, benchmarks and screenshots that visit
 * every page: all of them; those in the sitemap; and the rest but the
 * not-found pages, which are visited at unknown addresses.
 */
export function lastBuild(): { pages: string[]; listed: string[]; unlisted: string[] } {
  const built = readBuiltPagesSync(path.resolve(import.meta.dirname, "..", process.env.SITE_BUILD_DIR || "build", "client"));
  const notFound = new Set(notFoundPages.map(({ page }) => page));
  return {
    pages: built.map((page) => page.path),
    listed: built.filter((page) => page.listed).map((page) => page.path),
    unlisted: built.filter((page) => !page.listed && !notFound.has(page.path)).map((page) => page.path),
  };
}
