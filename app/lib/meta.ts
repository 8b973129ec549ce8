import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";
import type { PageMeta } from "~/content/types";
import defaultOgImage from "~/assets/og/default.jpg";

/** Absolute origin for canonical and Open Graph URLs, fixed at build time. */
export const siteUrl = (import.meta.env.PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/$/, "");

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}

/** Title, description, canonical, Open Graph and Twitter card tags for one page. */
export function pageMeta({ title, description, path, image }: PageMeta): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const url = absoluteUrl(path);
  const imageUrl = absoluteUrl(image ?? defaultOgImage);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${site.name}: ${title}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}
