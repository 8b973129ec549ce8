import { CardGrid } from "~/components/sections/card-grid";
import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { editorialArt } from "~/components/sections/editorial-art";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import type { TendersCopy } from "~/data/tenders";

/** Tenders & Project Delivery: how we bid and deliver, with sample opportunities. */
export default function TendersContent({ copy }: { copy: TendersCopy }) {
  const { tendersHero, howWeDeliver, sampleOpportunities, whoWeWorkWith, subcontractorRequirements, tendersCta } = copy;
  return (
    <>
      <PageHero {...tendersHero} image={editorialArt.tenders} />
      <Section heading={howWeDeliver.heading} intro={howWeDeliver.intro}>
        <Steps steps={howWeDeliver.steps} />
      </Section>
      <Section heading={sampleOpportunities.heading} intro={sampleOpportunities.intro} tone="tint">
        <CardGrid cards={sampleOpportunities.cards} columns={2} />
      </Section>
      <Section heading={whoWeWorkWith.heading}>
        <CardGrid cards={whoWeWorkWith.cards} columns={2} />
      </Section>
      <Section heading={subcontractorRequirements.heading} intro={subcontractorRequirements.intro} tone="surface">
        <CheckList items={subcontractorRequirements.items} />
      </Section>
      <CtaBand {...tendersCta} />
    </>
  );
}
