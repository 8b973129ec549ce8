import type { MetaDescriptor } from "react-router";
import { site } from "~/data/site";
import { paths } from "~/data/paths";
import type { OgImage, PageMeta } from "~/data/types";
import audienceOgImage from "~/assets/og/audience.jpg";
import defaultOgImage from "~/assets/og/default.jpg";
import homeOgImage from "~/assets/og/home.jpg";
import legalOgImage from "~/assets/og/legal.jpg";
import servicesOgImage from "~/assets/og/services.jpg";
import spotlightOgImage from "~/assets/og/spotlight.jpg";
import { absoluteUrl } from "./site-url";
import { breadcrumbJsonLd, organizationJsonLd } from "./structured-data";

export { absoluteUrl, siteUrl } from "./site-url";

const ogImages: Record<OgImage, string> = {
  home: homeOgImage,
  audience: audienceOgImage,
  services: servicesOgImage,
  spotlight: spotlightOgImage,
  legal: legalOgImage,
  default: defaultOgImage,
};

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

function structuredData(path: string, title: string): MetaDescriptor[] {
  const breadcrumb = breadcrumbJsonLd(path, title);
  return [organizationJsonLd(), ...(breadcrumb ? [breadcrumb] : [])];
}

/**
 * Title, description, canonical, Open Graph and Twitter card tags for one page,
 * with the Organization (and, on nested pages, BreadcrumbList) structured data.
 */
export function pageMeta({ title, description, path, image }: PageMeta): MetaDescriptor[] {
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
    // Structured data is for crawlers, which read the pre-rendered HTML: the
    // browser keeps those tags as they are and never needs (or downloads) the
    // code and copy that build them. React hydrates <head> skipping tags it
    // does not render.
    ...(import.meta.env.SSR ? structuredData(path, title) : []),
  ];
}
