import { createHash } from "node:crypto";

// Security headers sent with every response. Pre-rendered pages cannot carry a
// per-request nonce, so each page's CSP allows its own inline scripts by hash.

export interface CspOptions {
  /** sha256 hashes (base64) of the page's inline scripts. */
  scriptHashes?: readonly string[];
  /** sha256 hashes (base64) of the page's inline <style> elements (its critical CSS, inlined at build). */
  styleHashes?: readonly string[];
  /** Extra origins the page may send requests and forms to (a separate API host). */
  connectOrigins?: readonly string[];
  /** Add upgrade-insecure-requests (only when the site is served over HTTPS). */
  https?: boolean;
}

export function pageCsp({ scriptHashes = [], styleHashes = [], connectOrigins = [], https = false }: CspOptions): string {
  const directives = [
    // Nothing is allowed unless a directive below names it (the Observatory's strictest CSP grade).
    "default-src 'none'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(" "),
    ["style-src 'self'", ...styleHashes.map((hash) => `'sha256-${hash}'`)].join(" "),
    "img-src 'self'",
    "media-src 'self'",
    "font-src 'self'",
    ["connect-src 'self'", ...connectOrigins].join(" "),
    "manifest-src 'self'",
    // The forms' proof of work is solved in a worker of our own (no blob: or data: workers).
    "worker-src 'self'",
    // The newsletter form posts natively to the API until it has hydrated.
    ["form-action 'self'", ...connectOrigins].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * For the build's own scripts (assets/*.js). A page's script runs under the page's
 * policy and ignores this one, but a worker runs under its script's: this is the
 * forms' proof-of-work worker's policy. It may load the site's own chunks and
 * nothing else, and it is not sandboxed: a sandboxed worker is an opaque, insecure
 * context without crypto.subtle, where no proof can be solved.
 */
export const scriptCsp = "default-src 'none'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * For everything that is neither a pre-rendered page nor a build script (API answers,
 * pictures, styles, any other file under public/): nothing may run or be framed, and a
 * document opened anyway (an HTML or SVG file) is sandboxed into an origin of its own,
 * away from the owner's cookie.
 */
export const resourceCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const inlineStyle = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

function hashBodies(html: string, pattern: RegExp): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(pattern)) {
    const body = match[1] ?? "";
    if (body.length === 0) continue;
    hashes.add(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return [...hashes];
}

/** sha256 (base64) of every inline script in an HTML document, as CSP wants them. */
export function inlineScriptHashes(html: string): string[] {
  return hashBodies(html, inlineScript);
}

/** sha256 (base64) of every inline <style> element in an HTML document. */
export function inlineStyleHashes(html: string): string[] {
  return hashBodies(html, inlineStyle);
}
