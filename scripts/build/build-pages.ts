// Pure helpers for scripts/build/postbuild.ts, kept apart so they are unit-tested.
import { START_PLAN_ATTRIBUTE, type StartPlan } from "./start-plan";

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

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;
const modulePreload = /<link rel="modulepreload" href="[^"]+"\/>/g;

/**
 * Makes the first paint independent of any download: each same-origin
 * stylesheet's CSS goes into a <style> at the top of <head>, and the
 * modulepreload links move after it. The <link> itself stays (React hydrates
 * <head> and would otherwise re-render the page) but gets `disabled`, which
 * tells the browser not to fetch it; its CSS is already applied.
 */
export function inlineStylesheets(html: string, readCss: (href: string) => string | undefined): string {
  const styles: string[] = [];
  let out = html.replace(stylesheetLink, (link, href: string) => {
    const css = readCss(href);
    if (css === undefined || /<\/style/i.test(css)) return link;
    styles.push(css);
    return `<link rel="stylesheet" href="${href}" disabled=""/>`;
  });
  if (styles.length === 0) return html;
  const preloads = out.match(modulePreload) ?? [];
  out = out.replace(modulePreload, "");
  const headStart = out.indexOf("<head>");
  const viewport = out.indexOf("<meta name=\"viewport\"");
  const insertAt = viewport > headStart ? out.indexOf(">", viewport) + 1 : headStart + "<head>".length;
  const block = styles.map((css) => `<style>${css}</style>`).join("") + preloads.join("");
  return out.slice(0, insertAt) + block + out.slice(insertAt);
}

const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const modulePreloadLink = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const frameworkChunk = /\/framework-[\w-]+\.js$/;
// React Router's bootstrap for a pre-rendered page, statement by statement (react-router's <Scripts>).
const bootstrapStatement =
  /\s*(?:import "(?<effect>[^"]+)";|import \* as (?<name>route\d+) from "(?<href>[^"]+)";|window\.__reactRouterRouteModules = \{(?<table>[^}]*)\};|import\("(?<entry>[^"]+)"\);)/y;

/**
 * React Router's bootstrap module, read into a StartPlan: the manifest it
 * imports, each route module by id, the client entry. Throws, quoting it, on any
 * statement it does not know, so a React Router that writes its bootstrap
 * differently stops the build instead of shipping a page that never hydrates.
 */
export function readBootstrap(body: string, preloads: readonly string[]): StartPlan {
  const effects: string[] = [];
  const namespaces = new Map<string, string>();
  let table: string | undefined;
  let entry: string | undefined;
  bootstrapStatement.lastIndex = 0;
  let at = 0;
  for (let match = bootstrapStatement.exec(body); match; match = bootstrapStatement.exec(body)) {
    const groups = match.groups ?? {};
    if (groups.effect) effects.push(groups.effect);
    else if (groups.name && groups.href) namespaces.set(groups.name, groups.href);
    else if (groups.table !== undefined) table = groups.table;
    else if (groups.entry) entry = groups.entry;
    at = bootstrapStatement.lastIndex;
  }
  const unknown = body.slice(at).trim();
  if (unknown) throw new Error(`React Router's bootstrap has a statement the rewrite does not know: ${JSON.stringify(unknown.slice(0, 120))}`);
  if (table === undefined || !entry) throw new Error(`React Router's bootstrap names no ${table === undefined ? "route modules" : "client entry"}: ${JSON.stringify(body.slice(0, 200))}`);
  const routes = [...table.matchAll(/("[^"]+"):(route\d+)/g)].map(([, id = "", name = ""]): [string, string] => {
    const href = namespaces.get(name);
    if (!href) throw new Error(`React Router's bootstrap maps route ${id} to ${name}, which it never imports`);
    return [JSON.parse(id) as string, href];
  });
  if (routes.length !== namespaces.size) throw new Error(`React Router's bootstrap imports ${namespaces.size} route modules but names ${routes.length}`);
  return { preload: [...preloads], effects, framework: preloads.filter((href) => frameworkChunk.test(href)), routes, entry };
}

const attributeValue = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * Starts the JavaScript after the first paint instead of before it. React
 * Router's head preloads the whole bundle at high priority and its bootstrap
 * module imports the manifest and the route modules statically, so on a slow
 * phone (and in Lighthouse's simulation of one) the first paint queues behind
 * ~100 KB of JavaScript. Here the preload links leave the HTML and the
 * bootstrap's body becomes `loader` (start-after-paint.ts, bundled), which
 * reads the same imports from its element's START_PLAN_ATTRIBUTE and runs them
 * after the first paint, in three tasks. The <script> element stays where React
 * Router put it, so hydration finds it. The load event no longer waits for the
 * JavaScript: browser tests wait for `window.__siteHydrated`
 * (app/lib/hydration-signal.ts) instead.
 */
export function startAfterFirstPaint(html: string, loader: string): string {
  const script = html.match(moduleScript);
  if (!script) return html;
  const preloads = [...html.matchAll(modulePreloadLink)].map((match) => match[1] ?? "");
  const plan = readBootstrap(script[1] ?? "", preloads);
  const element = `<script type="module" async="" ${START_PLAN_ATTRIBUTE}="${attributeValue(JSON.stringify(plan))}">${loader}</script>`;
  return html.replace(modulePreloadLink, "").replace(script[0], () => element);
}

// The build's own checks: each fails loudly, naming the pages, when an
// assumption of the rewrites above or of the custom elements breaks.

const notMarkup = /<(script|style)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->/gi;
const customElementTag = /<([a-z][a-z0-9]*-[a-z0-9-]*)[\s/>]/g;

/** The custom elements (tags with a hyphen) a page's markup holds, leaving out what scripts, styles and comments contain. */
export function customElementsIn(html: string): string[] {
  const markup = html.replace(notMarkup, "");
  return [...new Set([...markup.matchAll(customElementTag)].map((match) => match[1] ?? ""))].sort();
}

/**
 * Throws, naming each page and tag, when a page holds a custom element whose
 * definition the page never loads: `defined` is the table the root loads
 * definitions from (app/components/element-definitions.ts).
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
      `postbuild: ${missing.length} custom element(s) with no definition the page loads (add them to app/components/element-definitions.ts):\n  ${missing.join("\n  ")}`,
    );
  }
}

/**
 * Throws when a rewrite of the pre-rendered HTML matched fewer pages than were
 * pre-rendered, naming the pages it left as they were: React Router's output
 * changed shape, and those pages would silently lose what the rewrite gives.
 */
export function assertRewroteEveryPage(rewrite: string, rewritten: ReadonlySet<string>, pages: readonly string[]): void {
  const untouched = pages.filter((page) => !rewritten.has(page));
  if (untouched.length > 0) {
    throw new Error(
      `postbuild: "${rewrite}" matched ${pages.length - untouched.length} of ${pages.length} pre-rendered pages; not rewritten:\n  ${untouched.join("\n  ")}`,
    );
  }
}

/** The file, under the site's folder, a page's pre-rendered HTML is written to. */
export function htmlFileOf(page: string): string {
  return page === "/" ? "index.html" : `${page.replace(/^\//, "")}/index.html`;
}
