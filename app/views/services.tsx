import { CardGrid } from "~/components/sections/card-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { ScrollLink } from "~/components/ui/scroll-link";
import { SERVICES_HERO_SCROLL_PX } from "~/data/constants";
import type { ContentOf } from "~/data/schemas";
import type { Card } from "~/data/types";

/** Where Browse Services leads: the section of category cards. */
const LIST_ID = "services-list";

/** Services: the hero with its Browse Services button, and a card for each of the eight categories. */
export default function ServicesContent({ cards, page }: { cards: Card[]; page: ContentOf<"pages/services.yaml"> }) {
  const { hero: servicesHero, list: servicesList } = page;
  return (
    <>
      <PageHero eyebrow={servicesHero.eyebrow} title={servicesHero.title} intro={servicesHero.intro} actions={servicesHero.actions}>
        <ScrollLink label={servicesHero.browseLabel} to={LIST_ID} by={SERVICES_HERO_SCROLL_PX} />
      </PageHero>
      <Section id={LIST_ID} heading={servicesList.heading} intro={servicesList.intro} tone="tint">
        <CardGrid cards={cards} columns={4} linkLabel={servicesList.exploreLabel} />
      </Section>
    </>
  );
}
