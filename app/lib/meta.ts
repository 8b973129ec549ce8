import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";
import type { PageMeta } from "~/content/types";
import defaultOgImage from "~/assets/og/default.jpg";
import { absoluteUrl } from "./site-url";
import { breadcrumbJsonLd, organizationJsonLd } from "./structured-data";

export { absoluteUrl, siteUrl } from "./site-url";

/**
 * Title, description, canonical, Open Graph and Twitter card tags for one page,
 * with the Organization (and, on nested pages, BreadcrumbList) structured data.
 */
export function pageMeta({ title, description, path, image }: PageMeta): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const url = absoluteUrl(path);
  const imageUrl = absoluteUrl(image ?? defaultOgImage);
  const breadcrumb = breadcrumbJsonLd(path, title);
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
    organizationJsonLd(),
    ...(breadcrumb ? [breadcrumb] : []),
  ];
}
