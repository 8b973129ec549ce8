// Pure helpers for the build's last step (scripts/build/site-files.ts), kept apart so they are unit-tested.

/** Paths that must never be offered to search engines. */
const unlisted = [/^\/404$/, /\/404$/, /^\/admin(\/|$)/, /confirm/, /unsubscribe/];

export function indexablePaths(pages: readonly string[]): string[] {
  return pages.filter((page) => !unlisted.some((pattern) => pattern.test(page)));
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** sitemap.xml for the given pages, with absolute URLs under siteUrl; a page's lastmod when it has one (the day its content last changed). */
export function sitemapXml(pages: readonly string[], siteUrl: string, lastModified: (page: string) => string | undefined): string {
  const base = `${siteUrl.replace(/\/$/, "")}/`;
  const urls = indexablePaths(pages).map((page) => {
    const loc = new URL(page, base).href;
    const date = lastModified(page);
    return `  <url>\n    <loc>${xmlEscape(loc)}</loc>\n${date ? `    <lastmod>${date}</lastmod>\n` : ""}  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  const sitemap = new URL("sitemap.xml", `${siteUrl.replace(/\/$/, "")}/`).href;
  return `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${sitemap}\n`;
}

// The build's own checks: each fails loudly, naming the pages, when a page is
// missing or holds a custom element nothing defines.

const notMarkup = /<(script|style)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->/gi;
const customElementTag = /<([a-z][a-z0-9]*-[a-z0-9-]*)[\s/>]/g;

/** The custom elements (tags with a hyphen) a page's markup holds, leaving out what scripts, styles and comments contain. */
export function customElementsIn(html: string): string[] {
  const markup = html.replace(notMarkup, "");
  return [...new Set([...markup.matchAll(customElementTag)].map((match) => match[1] ?? ""))].sort();
}

/**
 * Throws, naming each page and tag, when a page holds a custom element whose
 * definition the page never loads: `defined` is the tags of the element
 * modules the page's script finds (app/components/define-elements.ts).
 */
export function assertElementsDefined(pages: ReadonlyMap<string, string>, defined: readonly string[]): void {
  const known = new Set(defined);
  const missing = [...pages].flatMap(([page, html]) =>
    customElementsIn(html)
      .filter((tag) => !known.has(tag))
      .map((tag) => `${page}: <${tag}>`),
  );
  if (missing.length > 0) {
    throw new Error(
      `site-files: ${missing.length} custom element(s) with no definition the page loads (give each a module <tag>.element.ts next to its component):\n  ${missing.join("\n  ")}`,
    );
  }
}

/**
 * Throws, naming them, when a page the list of pages holds (contract/pages.ts)
 * was not built, or a page was built that the list does not hold: the server
 * gives only listed pages their page policy, and the sitemap lists only them.
 */
export function assertEveryPageBuilt(built: ReadonlySet<string>, pages: readonly string[]): void {
  const missing = pages.filter((page) => !built.has(page));
  if (missing.length > 0) throw new Error(`site-files: ${missing.length} of ${pages.length} pages were not built:\n  ${missing.join("\n  ")}`);
  const listed = new Set(pages);
  const unlisted = [...built].filter((page) => !listed.has(page));
  if (unlisted.length > 0) throw new Error(`site-files: ${unlisted.length} page(s) built that contract/pages.ts does not list:\n  ${unlisted.join("\n  ")}`);
}

/** The file, under the site's folder, a page's pre-rendered HTML is written to. */
export function htmlFileOf(page: string): string {
  return page === "/" ? "index.html" : `${page.replace(/^\//, "")}/index.html`;
}
