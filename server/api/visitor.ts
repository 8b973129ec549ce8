import { createHmac, randomUUID } from "node:crypto";
import { resolvePersistedSecret } from "../secrets";

// What the server keeps about who sent a lead: a keyed hash of the IP (never
// the IP), the page path it came from, and a truncated user agent.

const SECRET_FILE = "ip-hash.secret";
const USER_AGENT_MAX = 256;
const SOURCE_PAGE_MAX = 200;

/**
 * The configured secret, or one generated on first start and kept in dataDir,
 * so hashes of the same IP stay equal across restarts.
 */
export async function resolveIpHashSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return resolvePersistedSecret(configured, dataDir, SECRET_FILE, "IP_HASH_SECRET");
}


export const hashIp = (secret: string, ip: string) => createHmac("sha256", secret).update(ip).digest("hex");

/** The path of the page the form was on, from the Referer; only for our own pages, only safe characters. */
export function sourcePageOf(referer: string | undefined, ownOrigins: ReadonlySet<string>): string | null {
  const url = ownPage(referer, ownOrigins);
  if (!url) return null;
  const pathname = url.pathname.slice(0, SOURCE_PAGE_MAX);
  return /^\/[A-Za-z0-9/_.~%-]*$/.test(pathname) ? pathname : null;
}

/** The origin of the page the form was on, from the Referer; only one of ours. */
export const sourceOrigin = (referer: string | undefined, ownOrigins: ReadonlySet<string>): string | null => ownPage(referer, ownOrigins)?.origin ?? null;

function ownPage(referer: string | undefined, ownOrigins: ReadonlySet<string>): URL | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return ownOrigins.has(url.origin) ? url : null;
  } catch {
    return null;
  }
}

/**
 * Whether the browser itself submitted a form (the page navigates to the
 * answer), rather than a script's fetch: browsers say so with Sec-Fetch-Mode,
 * older ones only by accepting HTML.
 */
export function isFormNavigation(fetchMode: string | undefined, accept: string | undefined): boolean {
  if (fetchMode !== undefined) return fetchMode === "navigate";
  return /\btext\/html\b/i.test(accept ?? "");
}

export function truncatedUserAgent(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  // Control characters have no place in a stored header (or a CSV export).
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return userAgent.replace(/[\x00-\x1f\x7f]/g, "").slice(0, USER_AGENT_MAX) || null;
}

/**
 * The id in an answer that must not reveal what is stored (newsletter, dropped
 * bots): random, or derived from the Idempotency-Key so a retry sees the same id.
 */
export function opaqueId(secret: string, idempotencyKey: string | undefined): string {
  if (!idempotencyKey) return randomUUID();
  const hex = createHmac("sha256", secret).update(`answer:${idempotencyKey}`).digest("hex");
  // Shaped like a UUID v4 so every answer's id looks alike.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16] ?? "0", 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
