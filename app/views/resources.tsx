import { CardGrid } from "~/components/sections/card-grid";
import { DatedUpdates } from "~/components/sections/dated-updates";
import { Faq } from "~/components/sections/faq";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import type { ContentOf } from "~/data/schemas";

/** Resources: guides, the FAQ and industry updates dated today. */
export default function ResourcesContent({ faq: resourcesFaq, page }: { faq: ContentOf<"faqs/*.yaml">; page: ContentOf<"pages/resources.yaml"> }) {
  const { hero: resourcesHero, guides, industryUpdates } = page;
  return (
    <>
      <PageHero {...resourcesHero} />
      <Section heading={guides.heading} intro={guides.intro}>
        <CardGrid cards={guides.items} columns={2} />
      </Section>
      <Section heading={resourcesFaq.heading} tone="tint">
        <Faq items={resourcesFaq.items} />
      </Section>
      <Section heading={industryUpdates.heading} intro={industryUpdates.intro}>
        <DatedUpdates updates={industryUpdates.items} dateLabel={industryUpdates.dateLabel} />
      </Section>
    </>
  );
}
