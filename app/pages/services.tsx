import { useLoaderData } from "react-router";
import { CardGrid } from "~/components/sections/card-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { ScrollButton } from "~/components/ui/scroll-button";
import { SERVICES_HERO_SCROLL_PX } from "~/data/constants";
import { servicesHero, servicesList } from "~/data/services";
import type { Card } from "~/data/types";

/** Services: the hero with its Browse Services button, and a card for each of the eight categories. */
export default function ServicesContent() {
  const { cards } = useLoaderData<{ cards: Card[] }>();
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
