// Pure helpers for scripts/postbuild.ts, kept apart so they are unit-tested.

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
const sideEffectImport = /^\s*import "([^"]+)";\s*$/gm;
const namespaceImport = /^\s*import \* as (\w+) from "([^"]+)";\s*$/gm;

/**
 * Starts the JavaScript after the first paint instead of before it. React
 * Router's bootstrap module statically imports the manifest and the route
 * modules, and the head preloads the whole bundle at high priority, so on a
 * slow phone (and in Lighthouse's simulation of one) the first paint queues
 * behind ~100 KB of JavaScript. Here the preload links leave the HTML and the
 * bootstrap becomes the same imports, dynamic, after a top-level await for the
 * frame after the first paint (or 500 ms, for a background tab, where frames
 * do not run). It first adds the same preload links, so the bundle still
 * downloads in parallel; React finds them when it hydrates <head> and does not
 * add them twice. The load event no longer waits for the JavaScript: browser
 * tests wait for `window.__siteHydrated` (app/lib/hydration-signal.ts) instead.
 * The modules are evaluated in three tasks, not one (React and the router,
 * then the site's modules, then hydration), so on a slow phone none of them
 * blocks a tap for long (Total Blocking Time).
 */
const frameworkChunk = /\/framework-[\w-]+\.js$/;

export function deferHydration(html: string): string {
  const script = html.match(moduleScript);
  if (!script) return html;
  const body = script[1] ?? "";
  const sideEffects = [...body.matchAll(sideEffectImport)].map((match) => match[1] ?? "");
  const namespaces = [...body.matchAll(namespaceImport)].map((match) => ({ name: match[1] ?? "", href: match[2] ?? "" }));
  const rest = body.replace(sideEffectImport, "").replace(namespaceImport, "").trim();
  if (namespaces.length === 0 || /\bimport\s+(?!\()/.test(rest)) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1] ?? "");
  const frameworks = preloads.filter((href) => frameworkChunk.test(href));
  const loader = [
    `const preload=${JSON.stringify(preloads)};`,
    "await new Promise((resolve)=>{requestAnimationFrame(()=>setTimeout(resolve,0));setTimeout(resolve,500);});",
    'for(const href of preload){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link);}',
    "const nextTask=()=>new Promise((resolve)=>setTimeout(resolve,0));",
    ...sideEffects.map((href) => `await import(${JSON.stringify(href)});`),
    ...frameworks.map((href) => `await import(${JSON.stringify(href)});await nextTask();`),
    `const [${namespaces.map((item) => item.name).join(",")}]=await Promise.all([${namespaces.map((item) => `import(${JSON.stringify(item.href)})`).join(",")}]);`,
    "await nextTask();",
    rest,
  ].join("\n");
  return html
    .replace(/<link rel="modulepreload" href="[^"]+"\/>/g, "")
    .replace(script[0], () => `<script type="module" async="">${loader}</script>`);
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
