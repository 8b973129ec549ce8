import { paths } from "~/data/paths";
import type { OgImage, PageMeta } from "~/data/types";
import audienceOgImage from "~/assets/og/audience.jpg?url";
import defaultOgImage from "~/assets/og/default.jpg?url";
import homeOgImage from "~/assets/og/home.jpg?url";
import legalOgImage from "~/assets/og/legal.jpg?url";
import servicesOgImage from "~/assets/og/services.jpg?url";
import spotlightOgImage from "~/assets/og/spotlight.jpg?url";
import { absoluteUrl } from "./site-url";
import { breadcrumbJsonLd, organizationJsonLd, type JsonLdTag, type SiteIdentity } from "./structured-data";

export { absoluteUrl, siteUrl } from "./site-url";

/** One tag of a page's <head>, as the layout writes it: the title, a meta, a link, or JSON-LD structured data. */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string }
  | JsonLdTag;

const ogImages: Record<OgImage, string> = {
  home: homeOgImage,
  audience: audienceOgImage,
  services: servicesOgImage,
  spotlight: spotlightOgImage,
  legal: legalOgImage,
  default: defaultOgImage,
};

/** A page's path as the site links it, from its URL: no trailing slash, except the home page's. */
export const pagePath = (url: URL) => url.pathname.replace(/(.)\/$/, "$1");

const under = (path: string, section: string) => path === section || path.startsWith(`${section}/`);

/** The page type's Open Graph image, from where the page sits in the site. */
export function ogImageFor(path: string): OgImage {
  if (path === paths.home) return "home";
  if (path === paths.freelancers || path === paths.agencies) return "audience";
  if (under(path, paths.services) || path === paths.member) return "services";
  if (under(path, paths.spotlight) || path === paths.resources) return "spotlight";
  if ([paths.privacyPolicy, paths.termsConditions, paths.cookiePolicy].some((legal) => path === legal)) return "legal";
  return "default";
}

function structuredData(identity: SiteIdentity, path: string, title: string): JsonLdTag[] {
  const breadcrumb = breadcrumbJsonLd(identity, path, title);
  return [organizationJsonLd(identity), ...(breadcrumb ? [breadcrumb] : [])];
}

/**
 * Title, description, canonical, Open Graph and Twitter card tags for one page,
 * with the Organization (and, on nested pages, BreadcrumbList) structured data,
 * named by the site's entries (`identity`: its brand, profile and navigation).
 */
export function metaTags({ title, description, path, image }: PageMeta, identity: SiteIdentity): MetaTag[] {
  const site = identity.brand;
  const fullTitle = path === "/" ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const url = absoluteUrl(path);
  const imageUrl = absoluteUrl(ogImages[image ?? ogImageFor(path)]);
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
    ...structuredData(identity, path, title),
  ];
}
