// Pure helpers for the build's last step (scripts/build/site-files.ts), kept apart so they are unit-tested.

/** Whether a page is for search engines: its head does not ask them to leave it out (`<meta name="robots" content="noindex">`). */
export function isListed(html: string): boolean {
  const head = html.slice(0, html.search(/<\/head>/i) + 1 || html.length);
  return ![...head.matchAll(/<meta\b[^>]*>/gi)].some(([tag]) => /\bname=["']?robots\b/i.test(tag) && /\bcontent=["'][^"']*noindex/i.test(tag));
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** sitemap.xml for the listed pages, with absolute URLs under siteUrl and each page's lastmod when it has one (the day its content last changed). */
export function sitemapXml(pages: readonly { path: string; listed: boolean; lastmod?: string }[], siteUrl: string): string {
  const base = `${siteUrl.replace(/\/$/, "")}/`;
  const urls = pages
    .filter((page) => page.listed)
    .map(({ path, lastmod }) => {
      const loc = new URL(path, base).href;
      return `  <url>\n    <loc>${xmlEscape(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ""}  </url>`;
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

/** Throws, naming them, when a page the server needs (a not-found page, contract/paths.ts) was not built. */
export function assertPagesBuilt(built: ReadonlySet<string>, needed: readonly string[]): void {
  const missing = needed.filter((page) => !built.has(page));
  if (missing.length > 0) throw new Error(`site-files: ${missing.length} page(s) the server needs were not built:\n  ${missing.join("\n  ")}`);
}

/** The file, under the site's folder, a page's pre-rendered HTML is written to. */
export function htmlFileOf(page: string): string {
  return page === "/" ? "index.html" : `${page.replace(/^\//, "")}/index.html`;
}

/** The page a file Astro wrote is, if it is a page's HTML: `about/index.html` → `/about`, `404.html` → `/404`. */
export function pageOfHtmlFile(file: string): string | undefined {
  const posix = file.split("\\").join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return posix.endsWith(".html") ? `/${posix.slice(0, -".html".length)}` : undefined;
}
