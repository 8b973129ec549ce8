import { CardPanel } from "~/components/sections/card-grid";
import { Carousel } from "~/components/sections/carousel";
import { CtaBand } from "~/components/sections/cta-band";
import { Faq } from "~/components/sections/faq";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import { CAROUSEL_AUTOPLAY_MS } from "~/data/constants";
import type { ContentOf } from "~/data/schemas";
import {
  freelancersHero, freelancersHowItWorks, getIntroduced, servicesForFreelancers, whyChooseUs,
} from "~/data/freelancers";
import type { Card } from "~/data/types";

const cardKey = (card: Card) => card.title;
const renderCard = (card: Card) => <CardPanel card={card} />;

/** Freelancers: why choose us and the services (two carousels), how it works, the FAQ. */
export default function FreelancersContent({ faq: freelancersFaq }: { faq: ContentOf<"faqs/*.yaml"> }) {
  return (
    <>
      <PageHero {...freelancersHero} />
      <Section heading={whyChooseUs.heading} intro={whyChooseUs.intro}>
        <Carousel
          label={whyChooseUs.carouselLabel}
          items={whyChooseUs.cards}
          itemKey={cardKey}
          renderSlide={renderCard}
          autoplayMs={CAROUSEL_AUTOPLAY_MS.whyChooseUs}
        />
      </Section>
      <Section heading={servicesForFreelancers.heading} intro={servicesForFreelancers.intro} tone="tint">
        <Carousel
          label={servicesForFreelancers.carouselLabel}
          items={servicesForFreelancers.cards}
          itemKey={cardKey}
          renderSlide={renderCard}
          autoplayMs={CAROUSEL_AUTOPLAY_MS.servicesForFreelancers}
        />
      </Section>
      <Section heading={freelancersHowItWorks.heading} intro={freelancersHowItWorks.intro}>
        <Steps steps={freelancersHowItWorks.steps} />
      </Section>
      <Section heading={freelancersFaq.heading} tone="surface">
        <Faq items={freelancersFaq.items} />
      </Section>
      <CtaBand {...getIntroduced} />
    </>
  );
}
