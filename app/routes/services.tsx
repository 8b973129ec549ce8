import { CardGrid } from "~/components/sections/card-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { ScrollButton } from "~/components/ui/scroll-button";
import { SERVICES_HERO_SCROLL_PX } from "~/content/constants";
import { paths, serviceSlugs } from "~/content/paths";
import { servicesHero, servicesList, servicesMeta } from "~/content/services";
import { serviceCategories } from "~/content/service-categories";
import type { Card } from "~/content/types";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services";

export const meta = () => pageMeta(servicesMeta);

/** Build time only: the cards need each category's title, summary and icon, not its whole record. */
export function loader(): { cards: Card[] } {
  return {
    cards: serviceSlugs.map((slug) => {
      const { title, description, icon } = serviceCategories[slug];
      return { title, text: description, icon, href: paths.serviceCategory(slug) };
    }),
  };
}

export default function ServicesPage({ loaderData: { cards } }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={servicesHero.eyebrow} title={servicesHero.title} intro={servicesHero.intro} actions={servicesHero.actions}>
        <ScrollButton label={servicesHero.browseLabel} by={SERVICES_HERO_SCROLL_PX} />
      </PageHero>
      <Section heading={servicesList.heading} intro={servicesList.intro} tone="tint">
        <CardGrid cards={cards} columns={4} linkLabel={servicesList.exploreLabel} />
      </Section>
    </>
  );
}
