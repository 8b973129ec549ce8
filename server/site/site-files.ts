import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { inlineScriptHashes, inlineStyleHashes, pageCsp, type CspOptions } from "./security-headers";

// The pre-rendered site, read into memory once at start: it is a few megabytes,
// and serving from memory is what lets one Node process keep pace with nginx.

export interface SiteFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Only pages: their own CSP, allowing their inline scripts by hash. */
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
  return Object.hasOwn(contentTypes, path.extname(relative));
}

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

export async function loadSiteFiles(siteDir: string, csp: Omit<CspOptions, "scriptHashes" | "styleHashes">): Promise<Map<string, SiteFile>> {
  const files = new Map<string, SiteFile>();
  const all = await listFiles(siteDir);
  const present = new Set(all);
  for (const file of all) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const relative = path.relative(siteDir, file);
    if (relative === "__spa-fallback.html" || !isSiteFile(relative)) continue;
    const ext = path.extname(file);
    const body = await readFile(file);
    const isPage = ext === ".html";
    // Loader data belongs to its page: both revalidate, so a deploy never mixes old data with new code.
    const revalidates = isPage || ext === ".data";
    const hashed = relative.startsWith(`assets${path.sep}`);
    files.set(urlPathOf(relative), {
      body,
      br: present.has(`${file}.br`) ? await readFile(`${file}.br`) : undefined,
      gzip: present.has(`${file}.gz`) ? await readFile(`${file}.gz`) : undefined,
      contentType: contentTypes[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: hashed ? IMMUTABLE : revalidates ? PAGE : OTHER,
      csp: isPage ? pageCspFor(body.toString("utf8"), csp) : undefined,
    });
  }
  return files;
}
