// The files around the pages, written once Astro has built them: the
// not-found pages where the server looks for them, sitemap.xml and robots.txt
// from the route table, and every text file pre-compressed with brotli and gzip
// at their highest levels, so the server never compresses per request. Each
// check fails the build, naming the pages, rather than ship a site missing one.
import { globSync } from "node:fs";
import { readdir, readFile, rename, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { AstroIntegration } from "astro";
import { prerenderPaths, sitePages } from "../../app/data/pages";
import { readBuildEnv } from "./build-env";
import { assertElementsDefined, assertEveryPageBuilt, htmlFileOf, robotsTxt, sitemapXml } from "./build-pages";
import { contentDates, pageLastModified } from "./content-dates";

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
  return {
    name: "site-files",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const siteDir = fileURLToPath(dir);
        await moveNotFound(siteDir);
        const pages = new Map<string, string>();
        for (const entry of await readdir(siteDir, { withFileTypes: true, recursive: true })) {
          if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
          const file = path.join(entry.parentPath, entry.name);
          pages.set(path.relative(siteDir, file), await readFile(file, "utf8"));
        }
        assertEveryPageBuilt(new Set(pages.keys()), prerenderPaths.map(htmlFileOf));
        // The element modules the page's script finds by their names (app/components/define-elements.ts);
        // Astro's own elements (an island and its slots) are defined by the script Astro writes beside them.
        const elementModules = globSync("**/*.element.ts", { cwd: fileURLToPath(new URL("../../app/components/", import.meta.url)) });
        assertElementsDefined(pages, [...elementModules.map((file) => path.basename(file, ".element.ts")), "astro-island", "astro-slot", "astro-static-slot"]);
        const { siteUrl } = readBuildEnv();
        // Each page's lastmod is the day its content files last changed in the history (the commit being built when publishing).
        const dates = contentDates({ cwd: process.cwd(), gitDir: process.env.SITE_GIT_DIR, revision: process.env.SITE_GIT_REVISION });
        await writeFile(path.join(siteDir, "sitemap.xml"), sitemapXml(sitePages, siteUrl, (page) => pageLastModified(page, dates)));
        await writeFile(path.join(siteDir, "robots.txt"), robotsTxt(siteUrl));
        const count = await precompress(siteDir);
        logger.info(`${pages.size} pages; sitemap.xml and robots.txt for ${siteUrl}; pre-compressed ${count} files in ${path.relative(process.cwd(), siteDir)}`);
      },
    },
  };
}
