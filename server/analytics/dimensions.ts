import { DIRECT, OTHER, type Visit } from "../../contract/analytics";
import { paths, serviceSlugs } from "../../contract/paths";

// What a count is kept against: page, referrer host, UTM source/medium/campaign
// and device class. Nothing else of a request is read, and nothing of it that
// could single out a person (the full referrer URL, the user agent) is kept.

export type Device = "phone" | "tablet" | "desktop";

export interface Dimensions {
  page: string;
  referrer: string;
  source: string;
  medium: string;
  campaign: string;
  device: Device;
}

/** Longest referrer host or UTM value kept (longer ones are cut). */
const VALUE_MAX = 100;

/**
 * The paths counted as themselves: every page of the site (contract/paths.ts, as the pre-render
 * lists them), less the owner's inbox, the not-found pages and the alias that redirects. Anything
 * else a beacon reports (a made-up path, a typo that met the not-found page) is counted as OTHER,
 * so junk cannot add a row per path.
 */
const notCounted: readonly string[] = [paths.admin, paths.homeAlias, paths.notFound, paths.serviceCategoryNotFound];
export const countedPages: ReadonlySet<string> = new Set<string>([
  ...Object.values(paths).flatMap((value) => (typeof value === "string" && !notCounted.includes(value) ? [value] : [])),
  ...serviceSlugs.map(paths.serviceCategory),
]);

/** The page a count is kept under: the site's own path (a trailing slash dropped), or OTHER. */
export function pageKey(path: string): string {
  const page = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return countedPages.has(page) ? page : OTHER;
}

/** Phone, tablet or desktop from the user agent; Chromium's UA-CH hint decides "mobile" when present. */
export function deviceOf(userAgent: string, mobileHint?: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) return "tablet";
  if (mobileHint === "?1" || /Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}

/** The referrer's host only, lower-cased; '' for none, for our own site, or for anything that is not an http(s) URL. */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return ownHosts.includes(url.hostname.toLowerCase()) ? "" : host.slice(0, VALUE_MAX);
  } catch {
    return "";
  }
}

/** A UTM value as counted: trimmed, lower-cased, cut short. */
const utm = (value: string | undefined) => (value ?? "").trim().toLowerCase().slice(0, VALUE_MAX);

/** The dimensions of a visit's landing context, on this device. */
export function visitDimensions(visit: Visit, device: Device, ownHosts: readonly string[]): Dimensions {
  return { page: pageKey(visit.l), referrer: referrerHost(visit.r, ownHosts), source: utm(visit.s), medium: utm(visit.m), campaign: utm(visit.c), device };
}

/** How the dashboard names an empty referrer. */
export const referrerLabel = (host: string) => host || DIRECT;
