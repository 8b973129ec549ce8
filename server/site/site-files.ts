import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { readBuiltPages } from "../../contract/built-pages";
import { inlineScriptHashes, inlineStyleHashes, pageCsp, scriptCsp, type CspOptions } from "./security-headers";

// The index of a pre-rendered build, taken once when it is loaded: which URL
// is which file, and the headers each is served with. The bytes stay on disk;
// @fastify/static reads them per request (site-plugin.ts).

export interface SiteFile {
  /** The file's path in the build folder, with `/` between folders (`about/index.html`). */
  file: string;
  contentType: string;
  cacheControl: string;
  /**
   * A page the build pre-rendered: its own CSP, allowing its inline scripts by hash; a build
   * script: the script policy. Unset for every other file, which keeps the resource policy.
   */
  csp?: string;
}

// The site's own table rather than the `mime` package's: that one calls
// scripts `application/javascript`, icons
// `image/vnd.microsoft.icon`, and the manifest and sitemap without a charset.
const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
};

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Pages revalidate every time (cheap with the ETag), so a deploy shows at once. */
const PAGE = "public, max-age=0, must-revalidate";
const OTHER = "public, max-age=3600";

/**
 * Whether a file is part of the served site: a type we serve, under no
 * dot-named folder. Anything else lying in the folder (dotfiles, a README
 * copied from public/, source maps, a database) is never served.
 */
function isSiteFile(relative: string): boolean {
  if (relative.split(path.sep).some((segment) => segment.startsWith("."))) return false;
  return Object.hasOwn(contentTypes, extensionOf(relative));
}

/** A picture uploaded as `Photo.JPG` keeps Keystatic's name: its type is the extension's, whatever its case. */
const extensionOf = (file: string) => path.extname(file).toLowerCase();

/** Regular files only: a symbolic link in the build is never followed. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** URL path under which a file is served: `about/index.html` → `/about`. */
export function urlPathOf(relative: string): string {
  const posix = `/${relative.split(path.sep).join("/")}`;
  if (posix === "/index.html") return "/";
  if (posix.endsWith("/index.html")) return posix.slice(0, -"/index.html".length);
  return posix;
}

function pageCspFor(html: string, csp: Omit<CspOptions, "scriptHashes" | "styleHashes">): string {
  return pageCsp({ ...csp, scriptHashes: inlineScriptHashes(html), styleHashes: inlineStyleHashes(html) });
}

/**
 * Indexes the built site by URL path. The pages are those the build lists as
 * its own (contract/built-pages.ts; a folder without the list is no build and
 * is refused): only their HTML is read, to give it a page policy allowing its
 * inline scripts by hash. Any other HTML in the folder (copied from public/, say)
 * is served under the resource policy like every file but the build's scripts,
 * so nothing in it runs.
 */
export async function indexSiteFiles(siteDir: string, csp: Omit<CspOptions, "scriptHashes" | "styleHashes">): Promise<Map<string, SiteFile>> {
  const pages = (await readBuiltPages(siteDir)).map((page) => page.path);
  const prerendered = new Set(pages);
  const files = new Map<string, SiteFile>();
  for (const relative of await listFiles(siteDir)) {
    // Pre-compressed variants (.br, .gz) are found beside their file by @fastify/static.
    if (!isSiteFile(relative)) continue;
    const ext = extensionOf(relative);
    const urlPath = urlPathOf(relative);
    const isPage = ext === ".html" && prerendered.has(urlPath);
    // Only the build's own output lives under assets/; the editor's uploads and public/ never do.
    const hashed = relative.startsWith(`assets${path.sep}`);
    files.set(urlPath, {
      file: relative.split(path.sep).join("/"),
      contentType: contentTypes[ext] ?? "application/octet-stream",
      cacheControl: hashed ? IMMUTABLE : isPage ? PAGE : OTHER,
      csp: isPage ? pageCspFor(await readFile(path.join(siteDir, relative), "utf8"), csp) : hashed && ext === ".js" ? scriptCsp : undefined,
    });
  }
  return files;
}
