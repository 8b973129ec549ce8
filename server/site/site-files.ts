import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { inlineScriptHashes, inlineStyleHashes, pageCsp, scriptCsp, type CspOptions } from "./security-headers";

// The pre-rendered site, read into memory once at start: it is a few megabytes,
// and serving from memory is what lets one Node process keep pace with nginx.

export interface SiteFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Only the pages the build pre-rendered: their own CSP, allowing their inline scripts by hash. */
  csp?: string;
}

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
  // A pre-rendered route's loader data, fetched by React Router on client-side navigation (turbo-stream).
  ".data": "text/x-script; charset=utf-8",
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

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
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
 * Reads the built site into memory. `pages` are the URL paths the build pre-rendered
 * (contract/pages.ts): only their HTML gets a page policy allowing its inline scripts
 * by hash. Any other HTML in the folder (copied from public/, say) is served under the
 * resource policy like every other file, so nothing in it runs.
 */
export async function loadSiteFiles(siteDir: string, csp: Omit<CspOptions, "scriptHashes" | "styleHashes">, pages: readonly string[]): Promise<Map<string, SiteFile>> {
  const prerendered = new Set(pages);
  const files = new Map<string, SiteFile>();
  const all = await listFiles(siteDir);
  const present = new Set(all);
  for (const file of all) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const relative = path.relative(siteDir, file);
    if (relative === "__spa-fallback.html" || !isSiteFile(relative)) continue;
    const ext = extensionOf(file);
    const body = await readFile(file);
    const urlPath = urlPathOf(relative);
    const isPage = ext === ".html" && prerendered.has(urlPath);
    // Loader data belongs to its page: both revalidate, so a deploy never mixes old data with new code.
    const revalidates = isPage || ext === ".data";
    // Only the build's own output lives under assets/; the editor's uploads and public/ never do.
    const hashed = relative.startsWith(`assets${path.sep}`);
    files.set(urlPath, {
      body,
      br: present.has(`${file}.br`) ? await readFile(`${file}.br`) : undefined,
      gzip: present.has(`${file}.gz`) ? await readFile(`${file}.gz`) : undefined,
      contentType: contentTypes[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: hashed ? IMMUTABLE : revalidates ? PAGE : OTHER,
      csp: isPage ? pageCspFor(body.toString("utf8"), csp) : hashed && ext === ".js" ? scriptCsp : undefined,
    });
  }
  return files;
}
