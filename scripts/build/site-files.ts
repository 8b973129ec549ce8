// The files around the pages, written once Astro has built them: the
// not-found pages where the server looks for them, the list of the build's
// pages (contract/built-pages.ts), sitemap.xml and robots.txt, and every text
// file pre-compressed with brotli and gzip at their highest levels, so the
// server never compresses per request. All of it follows from the pages Astro
// wrote and what each one's build read: a new route file is in all of it at
// the next build. Each check fails the build, naming the pages.
import { globSync } from "node:fs";
import { readdir, readFile, rename, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { AstroIntegration } from "astro";
import { notFoundPages } from "../../contract/paths";
import { builtPagesFile, builtPagesJson, type BuiltPage } from "../../contract/built-pages";
import { readBuildEnv } from "./build-env";
import { assertElementsDefined, assertPagesBuilt, htmlFileOf, isListed, pageOfHtmlFile, robotsTxt, sitemapXml } from "./build-pages";
import { contentDates, lastModified } from "./content-dates";
import { contentOfPages, pageContentPlugin, type ContentReads } from "./page-content";

const compressible = new Set([".html", ".js", ".css", ".svg", ".json", ".webmanifest", ".txt", ".xml"]);

/** Astro writes its 404 page to 404.html; the server, like every other page, reads 404/index.html. */
async function moveNotFound(siteDir: string) {
  await mkdir(path.join(siteDir, "404"), { recursive: true });
  await rename(path.join(siteDir, "404.html"), path.join(siteDir, htmlFileOf("/404")));
}

async function precompress(siteDir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(siteDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = await readFile(file);
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gz = gzipSync(body, { level: 9 });
    // Keep a variant only when it is smaller than the original.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

export function siteFiles(): AstroIntegration {
  let root = process.cwd();
  // Route file (absolute) by route pattern, and the content each route file read.
  const routeFiles = new Map<string, string>();
  let reads: ContentReads = new Map();
  return {
    name: "site-files",
    hooks: {
      "astro:config:setup": ({ config, updateConfig }) => {
        root = fileURLToPath(config.root);
        const plugin = pageContentPlugin({
          root,
          pagesDir: fileURLToPath(new URL("pages/", config.srcDir)),
          layoutsDir: fileURLToPath(new URL("layouts/", config.srcDir)),
          done: (found) => {
            reads = found;
          },
        });
        updateConfig({ vite: { plugins: [plugin] } });
      },
      "astro:routes:resolved": ({ routes }) => {
        routeFiles.clear();
        for (const route of routes) routeFiles.set(route.pattern, path.resolve(root, route.entrypoint));
      },
      "astro:build:done": async ({ dir, assets, logger }) => {
        const siteDir = fileURLToPath(dir);
        await moveNotFound(siteDir);
        // Each page Astro wrote, by the route file that wrote it.
        const byRoute = new Map<string, string[]>();
        for (const [pattern, urls] of assets) {
          const routeFile = routeFiles.get(pattern);
          const pages = urls.map((url) => pageOfHtmlFile(path.relative(siteDir, fileURLToPath(url)))).filter((page) => page !== undefined);
          if (routeFile && pages.length > 0) byRoute.set(routeFile, pages);
        }
        const html = new Map<string, string>();
        for (const pages of byRoute.values()) for (const page of pages) html.set(page, await readFile(path.join(siteDir, htmlFileOf(page)), "utf8"));
        assertPagesBuilt(new Set(html.keys()), notFoundPages.map(({ page }) => page));
        // The element modules the page's script finds by their names (app/components/define-elements.ts);
        // Astro's own elements (an island and its slots) are defined by the script Astro writes beside them.
        const elementModules = globSync("**/*.element.ts", { cwd: fileURLToPath(new URL("../../app/components/", import.meta.url)) });
        assertElementsDefined(html, [...elementModules.map((file) => path.basename(file, ".element.ts")), "astro-island", "astro-slot", "astro-static-slot"]);
        // Each page's lastmod is the day its content files last changed in the history (the commit being built when publishing).
        const dates = contentDates({ cwd: process.cwd(), gitDir: process.env.SITE_GIT_DIR, revision: process.env.SITE_GIT_REVISION });
        const pages: BuiltPage[] = [];
        for (const [routeFile, routePages] of byRoute) {
          for (const [page, content] of contentOfPages(routePages, reads.get(routeFile) ?? new Set())) {
            const lastmod = lastModified(content, dates);
            pages.push({ path: page, listed: isListed(html.get(page) ?? ""), content, ...(lastmod ? { lastmod } : {}) });
          }
        }
        pages.sort((a, b) => a.path.localeCompare(b.path));
        const { siteUrl } = readBuildEnv();
        await writeFile(path.join(siteDir, "sitemap.xml"), sitemapXml(pages, siteUrl));
        await writeFile(path.join(siteDir, "robots.txt"), robotsTxt(siteUrl));
        const count = await precompress(siteDir);
        // Last, so nothing copied from public/ stands in for it.
        await writeFile(path.join(siteDir, builtPagesFile), builtPagesJson(pages));
        logger.info(`${pages.length} pages (${pages.filter((page) => page.listed).length} in sitemap.xml); robots.txt for ${siteUrl}; pre-compressed ${count} files in ${path.relative(process.cwd(), siteDir)}`);
      },
    },
  };
}
