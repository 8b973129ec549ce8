/** Absolute origin for canonical, Open Graph and structured-data URLs, fixed at build time. */
export const siteUrl = (import.meta.env.PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}
