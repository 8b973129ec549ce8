import logo from "~/assets/logo-blue.svg?url";
import type { ShellEntries } from "~/data/layout";
import { navigation, type NavLink } from "~/data/navigation";
import { absoluteUrl } from "./site-url";

// schema.org structured data (JSON-LD), added to a page through its head tags
// (pageMeta): the layout writes each `script:ld+json` tag as a
// <script type="application/ld+json"> in the pre-rendered <head>. The FAQ
// section publishes its own FAQPage beside it (faq-json-ld.ts).

export type JsonLd = Record<string, unknown> & { "@context": "https://schema.org"; "@type": string };

/** A head tag holding JSON-LD (one of meta.ts's MetaTag). */
export type JsonLdTag = { "script:ld+json": JsonLd };

const ldJson = (data: JsonLd): JsonLdTag => ({ "script:ld+json": data });

/** What the structured data names: the brand, how to reach us, the navigation's labels. */
export type SiteIdentity = Pick<ShellEntries, "brand" | "profile" | "header" | "footer">;

/** Who runs the site: on every page (pageMeta adds it). */
export function organizationJsonLd({ brand, profile: siteProfile }: Pick<SiteIdentity, "brand" | "profile">): JsonLdTag {
  return ldJson({
    "@context": "https://schema.org",
    "@type": "Organization",
    name: brand.name,
    url: absoluteUrl("/"),
    logo: absoluteUrl(logo),
    description: siteProfile.description,
    email: siteProfile.contact.email,
    telephone: siteProfile.contact.phone,
    sameAs: siteProfile.social.map((profile) => profile.href),
  });
}

/** Page names by path; later entries win, so a submenu's specific label ("Spotlight On") beats its menu's ("News"). */
function navLabels({ header, footer }: Pick<SiteIdentity, "header" | "footer">): Map<string, string> {
  const { footerLegalLinks, footerQuickLinks, headerNav } = navigation(header, footer);
  return new Map(
    [...footerLegalLinks, ...footerQuickLinks, ...headerNav, ...headerNav.flatMap((entry): readonly NavLink[] => entry.submenu ?? [])].map(
      (link) => [link.href, link.label],
    ),
  );
}

const titleCase = (slug: string) => slug.replace(/-/g, " ").replace(/\b\w/g, (letter) => letter.toUpperCase());

/**
 * BreadcrumbList for a nested page (/services/payroll: Home › Services › Payroll),
 * named from the navigation's labels; `currentName` names the page itself.
 * Top-level pages get none (a one-step trail says nothing).
 */
export function breadcrumbJsonLd(identity: SiteIdentity, path: string, currentName?: string): JsonLdTag | undefined {
  const segments = path.split("/").filter(Boolean);
  if (segments.length < 2 || segments.at(-1) === "404") return undefined;
  // The site's name stands in for a menu without a link home.
  const labels = navLabels(identity);
  const navLabel = (href: string) => labels.get(href);
  const trail = [{ name: navLabel("/") ?? identity.brand.shortName, href: "/" }];
  segments.forEach((segment, index) => {
    const href = `/${segments.slice(0, index + 1).join("/")}`;
    const last = index === segments.length - 1;
    trail.push({ name: (last ? currentName : undefined) ?? navLabel(href) ?? titleCase(segment), href });
  });
  return ldJson({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absoluteUrl(step.href),
    })),
  });
}
