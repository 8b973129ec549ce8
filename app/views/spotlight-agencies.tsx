import { CardGrid } from "~/components/sections/card-grid";
import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { editorialArt } from "~/components/sections/editorial-art";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { StatGrid } from "~/components/sections/stat-grid";
import type { AgenciesSpotlightCopy } from "~/data/spotlight-agencies";

/** Agencies & Recruiters: the recruitment editorial. */
export default function AgenciesSpotlightContent({ copy }: { copy: AgenciesSpotlightCopy }) {
  const { agenciesSpotlightCta, agenciesSpotlightHero, agencyNeeds, complianceChecklist, nextEdition, recruitmentFigures } = copy;
  return (
    <>
      <PageHero {...agenciesSpotlightHero} image={editorialArt.agencies} />
      <Section heading={recruitmentFigures.heading} tone="tint">
        <StatGrid stats={recruitmentFigures.stats} columns={2} />
      </Section>
      <Section heading={agencyNeeds.heading} intro={agencyNeeds.intro}>
        <CardGrid cards={agencyNeeds.cards} columns={4} />
      </Section>
      <Section heading={complianceChecklist.heading} intro={complianceChecklist.intro} tone="surface">
        <CheckList items={complianceChecklist.items} />
      </Section>
      <Section heading={nextEdition.heading} intro={nextEdition.intro}>
        <CheckList items={nextEdition.items} />
      </Section>
      <CtaBand {...agenciesSpotlightCta} />
    </>
  );
}
