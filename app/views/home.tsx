import { CardGrid } from "~/components/sections/card-grid";
import { CountryFlags } from "~/components/sections/country-flags";
import { CtaBand } from "~/components/sections/cta-band";
import { Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import { TestimonialGrid } from "~/components/sections/testimonial-card";
import { VideoHero } from "~/components/sections/video-hero";
import { homeHeroVideo } from "~/data/home";
import type { ContentOf } from "~/data/schemas";

/** Home: the video hero, the four pillars, sectors, support, countries, how it works, testimonials and a call to action. */
export default function HomeContent({
  hero,
  page,
  testimonials: homeTestimonials,
}: {
  hero: ContentOf<"home/hero.yaml">;
  page: ContentOf<"pages/home.yaml">;
  testimonials: ContentOf<"testimonials/home.yaml">;
}) {
  const { pillars, sectorsWeSupport, freelancerSupport, countries, howItWorks, cta } = page;
  return (
    <>
      <VideoHero {...hero} video={homeHeroVideo} />
      <Section heading={pillars.heading} intro={pillars.intro}>
        <CardGrid cards={pillars.cards} columns={4} />
      </Section>
      <Section heading={sectorsWeSupport.heading} intro={sectorsWeSupport.intro} tone="tint">
        <CardGrid cards={sectorsWeSupport.cards} columns={2} />
      </Section>
      <Section heading={freelancerSupport.heading} intro={freelancerSupport.intro}>
        <CardGrid cards={freelancerSupport.cards} columns={3} />
      </Section>
      <Section heading={countries.heading} intro={countries.intro} tone="tint">
        <CountryFlags countries={countries.list} />
      </Section>
      <Section heading={howItWorks.heading} intro={howItWorks.intro}>
        <Steps steps={howItWorks.steps} />
      </Section>
      <Section heading={homeTestimonials.heading} tone="surface">
        <TestimonialGrid testimonials={homeTestimonials.items} />
      </Section>
      <CtaBand {...cta} />
    </>
  );
}
