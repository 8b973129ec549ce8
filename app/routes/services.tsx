import { CardGrid } from "~/components/sections/card-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { ScrollButton } from "~/components/ui/scroll-button";
import { SERVICES_HERO_SCROLL_PX } from "~/content/constants";
import { paths, serviceSlugs } from "~/content/paths";
import { serviceCategories, servicesHero, servicesList, servicesMeta } from "~/content/services";
import type { Card } from "~/content/types";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(servicesMeta);

const categoryCards: Card[] = serviceSlugs.map((slug) => {
  const { title, description, icon } = serviceCategories[slug];
  return { title, text: description, icon, href: paths.serviceCategory(slug) };
});

export default function ServicesPage() {
  return (
    <>
      <PageHero eyebrow={servicesHero.eyebrow} title={servicesHero.title} intro={servicesHero.intro} actions={servicesHero.actions}>
        <ScrollButton label={servicesHero.browseLabel} by={SERVICES_HERO_SCROLL_PX} />
      </PageHero>
      <Section heading={servicesList.heading} intro={servicesList.intro} tone="tint">
        <CardGrid cards={categoryCards} columns={4} linkLabel={servicesList.exploreLabel} />
      </Section>
    </>
  );
}
