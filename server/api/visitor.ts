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

/**
 * The address a client's limits are counted under: an IPv4 address as it is
 * (also when IPv4-mapped), an IPv6 address by its /64, since one host is
 * usually given a whole /64 and could otherwise rotate through 2^64 addresses.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(":")) return ip;
  const groups = expandIpv6(ip.split("%")[0]!);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function expandIpv6(ip: string): string[] | null {
  const halves = ip.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const last = tail.length > 0 ? tail : head;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(last[last.length - 1] ?? "");
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    last.splice(last.length - 1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups.map((group) => group.replace(/^0+(?=.)/, "")) : null;
}
