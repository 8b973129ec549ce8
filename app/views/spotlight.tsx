import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { editorialArt } from "~/components/sections/editorial-art";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { StatGrid } from "~/components/sections/stat-grid";
import { ButtonRow } from "~/components/ui/button-link";
import type { SpotlightCopy } from "~/data/spotlight";

/** Spotlight On: UK freelancers by sector. */
export default function SpotlightContent({ copy }: { copy: SpotlightCopy }) {
  const { sectorEstimates, sectorNeeds, spotlightCta, spotlightHero, workforce } = copy;
  return (
    <>
      <PageHero {...spotlightHero} image={editorialArt.sectors} />
      <Section heading={workforce.heading} intro={workforce.intro} tone="tint">
        <StatGrid stats={workforce.stats} />
      </Section>
      <Section heading={sectorEstimates.heading} intro={sectorEstimates.intro}>
        <StatGrid stats={sectorEstimates.stats} compact />
        <p className="mt-8 text-center text-sm text-muted">{sectorEstimates.note}</p>
      </Section>
      <Section heading={sectorNeeds.heading} intro={sectorNeeds.intro} tone="surface">
        <CheckList items={sectorNeeds.items} />
        <div className="mt-10 flex justify-center">
          <ButtonRow actions={sectorNeeds.actions} />
        </div>
      </Section>
      <CtaBand {...spotlightCta} />
    </>
  );
}
