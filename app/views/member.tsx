import { CardGrid } from "~/components/sections/card-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { editorialArt } from "~/components/sections/editorial-art";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import type { MemberCopy } from "~/data/member";

/** Member: what the members area offers, and how to join. */
export default function MemberContent({ copy }: { copy: MemberCopy }) {
  const { memberHero, memberBenefits, howToJoin, memberCta } = copy;
  return (
    <>
      <PageHero {...memberHero} image={editorialArt.member} />
      <Section heading={memberBenefits.heading} intro={memberBenefits.intro}>
        <CardGrid cards={memberBenefits.cards} columns={4} />
      </Section>
      <Section heading={howToJoin.heading} intro={howToJoin.intro} tone="tint">
        <Steps steps={howToJoin.steps} />
      </Section>
      <CtaBand {...memberCta} />
    </>
  );
}
