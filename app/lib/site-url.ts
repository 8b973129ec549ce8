/** Absolute origin for canonical, Open Graph and structured-data URLs: PUBLIC_SITE_URL, checked and fixed at build time (scripts/build/build-env.ts). */
export const siteUrl = import.meta.env.PUBLIC_SITE_URL;

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}
