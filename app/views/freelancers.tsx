import { CardPanel } from "~/components/sections/card-grid";
import { Carousel } from "~/components/sections/carousel";
import { CtaBand } from "~/components/sections/cta-band";
import { Faq } from "~/components/sections/faq";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import type { CarouselCopy } from "~/data/carousel";
import { CAROUSEL_AUTOPLAY_MS } from "~/data/constants";
import type { ContentOf } from "~/data/schemas";
import type { Card } from "~/data/types";

const cardKey = (card: Card) => card.title;
const renderCard = (card: Card) => <CardPanel card={card} />;

/** Freelancers: why choose us and the services (two carousels), how it works, the FAQ. */
/**
 * The spec lists this page's hero under About but says its page is not shown,
 * and leaves the Freelancers hero blank; it speaks to a freelancer's career,
 * so it opens this page (About keeps Who We Are as its one hero).
 */
export default function FreelancersContent({
  carousel,
  faq: freelancersFaq,
  page,
}: {
  carousel: CarouselCopy;
  faq: ContentOf<"faqs/*.yaml">;
  page: ContentOf<"pages/freelancers.yaml">;
}) {
  const { hero: freelancersHero, whyChooseUs, servicesForFreelancers, howItWorks: freelancersHowItWorks, cta: getIntroduced } = page;
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
          copy={carousel}
        />
      </Section>
      <Section heading={servicesForFreelancers.heading} intro={servicesForFreelancers.intro} tone="tint">
        <Carousel
          label={servicesForFreelancers.carouselLabel}
          items={servicesForFreelancers.cards}
          itemKey={cardKey}
          renderSlide={renderCard}
          autoplayMs={CAROUSEL_AUTOPLAY_MS.servicesForFreelancers}
          copy={carousel}
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
