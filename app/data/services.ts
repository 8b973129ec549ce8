import type { IconName } from "./icon-names";
import { serviceSlugs, type ServiceSlug } from "./paths";
import type { FaqItem } from "./types";

// The services overview (/services) and one content record per service
// category (/services/{slug}), all rendered by the same two route modules.
// Their words: content/pages/services.yaml and content/pages/service-category.yaml
// (the pages collection, read by the route files) and content/services/<slug>.yaml
// (the services collection, read by service-categories.ts).

/** A headed list on a category page (the USA support list, the UAE community list). */
export interface CategoryList {
  heading: string;
  intro?: string;
  items: readonly string[];
}

/** The illustrations drawn for the site (app/assets/services/), one per category, named by its slug. */
export type ServiceArt = ServiceSlug;

export interface ServiceCategory {
  /** Card title, page eyebrow or heading, and page title. */
  title: string;
  /** One or two sentences: the card text, the hero intro and the meta description. */
  description: string;
  /** Icon on the overview card. */
  icon: IconName;
  heroImage: ServiceArt;
  /** Optional hero text in place of the title and description (the USA and UAE pages). */
  hero?: { headline: string; subheadline: string };
  intro?: string;
  /** A benefit may begin with an emoji, which is then shown as its icon. */
  benefits: readonly string[];
  faq: readonly FaqItem[];
  cta: { text: string; link: string };
  support?: CategoryList;
  community?: CategoryList;
}

/** The category for a URL slug, or undefined for a slug the site does not have. */
export function findServiceCategory(categories: Readonly<Partial<Record<string, ServiceCategory>>>, slug: string | undefined): ServiceCategory | undefined {
  return slug !== undefined && (serviceSlugs as readonly string[]).includes(slug) ? categories[slug] : undefined;
}
