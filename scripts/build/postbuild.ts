// After `react-router build`: inline each page's CSS (so the first paint waits
// for no download), write sitemap.xml and robots.txt from the route table, then
// pre-compress every text asset with brotli and gzip at their highest levels,
// so the server never compresses per request.
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { elementDefinitions } from "../../app/components/element-definitions";
import { prerenderPaths, sitePages } from "../../app/data/pages";
import { readBuildEnv } from "./build-env";
import { contentDates, pageLastModified } from "./content-dates";
import { assertElementsDefined, assertRewroteEveryPage, htmlFileOf, inlineStylesheets, robotsTxt, sitemapXml, startAfterFirstPaint } from "./build-pages";
import { bundleInlineScript } from "./inline-script-plugin";

const args = process.argv.slice(2);
// The folder react-router build wrote to: SITE_BUILD_DIR when set (react-router.config.ts).
const siteDir = path.resolve(args.find((arg) => !arg.startsWith("--")) ?? path.join(process.env.SITE_BUILD_DIR || "build", "client"));
/** The benchmark's floor app reuses this script without the site's SEO files. */
const seo = !args.includes("--no-seo");
const { siteUrl } = readBuildEnv();
const compressible = new Set([".html", ".js", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml", ".data"]);

let entries = await readdir(siteDir, { withFileTypes: true, recursive: true });

// 1. First paint: the site's CSS is small (a few KB compressed), so all of it is
// critical and goes inline; the JavaScript starts after the first paint. (The
// head's inline scripts arrive minified: scripts/build/inline-script-plugin.ts.)
// Every pre-rendered page must take both rewrites, and every custom element a
// page holds must be one whose definition the root loads: else the build stops.
// The loader that takes the place of React Router's bootstrap: the same bytes on every page.
const { code: loader } = await bundleInlineScript(path.join(import.meta.dirname, "start-after-paint.ts"));
const pages = new Map<string, string>();
const cssInlined = new Set<string>();
const hydrationDeferred = new Set<string>();
for (const entry of entries) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const page = path.relative(siteDir, file);
  const html = await readFile(file, "utf8");
  pages.set(page, html);
  const withCss = inlineStylesheets(html, (href) => {
    const cssFile = path.join(siteDir, href);
    return existsSync(cssFile) ? readFileSync(cssFile, "utf8") : undefined;
  });
  if (withCss !== html) cssInlined.add(page);
  let out: string;
  try {
    out = startAfterFirstPaint(withCss, loader);
  } catch (error) {
    throw new Error(`postbuild: ${page}: ${(error as Error).message}`);
  }
  if (out !== withCss) hydrationDeferred.add(page);
  if (out !== html) await writeFile(file, out);
}
const pageNames = [...pages.keys()].sort();
if (seo) assertRewroteEveryPage("pre-render (react-router build)", new Set(pageNames), prerenderPaths.map(htmlFileOf));
// Which pages each rewrite must match: every page with a stylesheet, every page with a module script, found loosely,
// so a change in the markup React Router writes, which the rewrites' exact patterns miss, is caught here.
const pagesWith = (pattern: RegExp) => pageNames.filter((page) => pattern.test(pages.get(page) ?? ""));
assertRewroteEveryPage("inline the CSS (inlineStylesheets)", cssInlined, pagesWith(/rel="?stylesheet/));
assertRewroteEveryPage("start the JavaScript after the first paint (startAfterFirstPaint)", hydrationDeferred, pagesWith(/<script[^>]*type="?module/));
assertElementsDefined(pages, Object.keys(elementDefinitions));
const inlined = pages.size;

// 2. Search engines: one sitemap from the route table, and robots.txt pointing at it.
if (seo) {
  // Each page's lastmod is the day its content files last changed in the history (the commit being built when publishing).
  const dates = contentDates({ cwd: process.cwd(), gitDir: process.env.SITE_GIT_DIR, revision: process.env.SITE_GIT_REVISION });
  await writeFile(path.join(siteDir, "sitemap.xml"), sitemapXml(sitePages, siteUrl, (page) => pageLastModified(page, dates)));
  await writeFile(path.join(siteDir, "robots.txt"), robotsTxt(siteUrl));
}

// 3. Pre-compression.
entries = await readdir(siteDir, { withFileTypes: true, recursive: true });
let count = 0;
for (const entry of entries) {
  if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  // Keep a variant only when it is smaller than the original.
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
  count += 1;
}
console.log(
  `postbuild: first paint made download-free on ${inlined} pages,${seo ? ` wrote sitemap.xml and robots.txt for ${siteUrl},` : ""} pre-compressed ${count} files in ${path.relative(process.cwd(), siteDir)}`,
);
