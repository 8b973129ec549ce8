import { CardGrid } from "~/components/sections/card-grid";
import { Carousel } from "~/components/sections/carousel";
import { CtaBand } from "~/components/sections/cta-band";
import { Faq } from "~/components/sections/faq";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import { TestimonialCard } from "~/components/sections/testimonial-card";
import type { CarouselCopy } from "~/data/carousel";
import { CAROUSEL_AUTOPLAY_MS } from "~/data/constants";
import type { ContentOf } from "~/data/schemas";
import type { Testimonial } from "~/data/types";

const quoteKey = (testimonial: Testimonial) => testimonial.quote;
const renderQuote = (testimonial: Testimonial) => <TestimonialCard testimonial={testimonial} />;

/** Agencies: what we offer, the partnership process, the FAQ and the testimonials carousel. */
export default function AgenciesContent({
  carousel,
  faq: agenciesFaq,
  page,
  testimonials: agencyTestimonials,
}: {
  carousel: CarouselCopy;
  faq: ContentOf<"faqs/*.yaml">;
  page: ContentOf<"pages/agencies.yaml">;
  testimonials: ContentOf<"testimonials/agencies.yaml">;
}) {
  const { hero: agenciesHero, whatWeOffer, partnershipProcess, cta: agenciesCta } = page;
  return (
    <>
      <PageHero {...agenciesHero} />
      <Section heading={whatWeOffer.heading} intro={whatWeOffer.intro}>
        <CardGrid cards={whatWeOffer.cards} columns={4} />
      </Section>
      <Section heading={partnershipProcess.heading} intro={partnershipProcess.intro} tone="tint">
        <Steps steps={partnershipProcess.steps} />
      </Section>
      <Section heading={agenciesFaq.heading}>
        <Faq items={agenciesFaq.items} />
      </Section>
      <Section heading={agencyTestimonials.heading} tone="surface">
        <Carousel
          label={agencyTestimonials.carouselLabel}
          items={agencyTestimonials.items}
          itemKey={quoteKey}
          renderSlide={renderQuote}
          autoplayMs={CAROUSEL_AUTOPLAY_MS.testimonials}
          kind="testimonials"
          copy={carousel}
        />
      </Section>
      <CtaBand {...agenciesCta} />
    </>
  );
}
