import { CardGrid } from "~/components/sections/card-grid";
import { DatedUpdates } from "~/components/sections/dated-updates";
import { Faq } from "~/components/sections/faq";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { guides, industryUpdates, resourcesFaq, resourcesHero } from "~/data/resources";

/** Resources: guides, the FAQ and industry updates dated today. */
export default function ResourcesContent() {
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
