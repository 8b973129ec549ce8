import { CardGrid } from "~/components/sections/card-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Prose } from "~/components/sections/prose";
import { Section } from "~/components/sections/section";
import type { AboutCopy } from "~/data/about";

/** About: the story, mission, vision, values, and how providers are vetted. */
export default function AboutContent({ copy }: { copy: AboutCopy }) {
  const { aboutHero, complianceAndVetting, ourMission, ourStory, ourValues, ourVision } = copy;
  return (
    <>
      <PageHero {...aboutHero} />
      <Section heading={ourStory.heading}>
        <Prose paragraphs={ourStory.paragraphs} />
      </Section>
      <Section heading={ourMission.heading} tone="tint">
        <Prose paragraphs={ourMission.paragraphs} lead />
      </Section>
      <Section heading={ourVision.heading}>
        <Prose paragraphs={ourVision.paragraphs} lead />
      </Section>
      <Section heading={ourValues.heading} intro={ourValues.intro} tone="tint">
        <CardGrid cards={ourValues.cards} columns={3} />
      </Section>
      <Section heading={complianceAndVetting.heading} intro={complianceAndVetting.intro} actions={complianceAndVetting.actions}>
        <CardGrid cards={complianceAndVetting.cards} columns={4} />
      </Section>
    </>
  );
}
