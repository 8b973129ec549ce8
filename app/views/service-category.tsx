import { BenefitGrid } from "~/components/sections/benefit-grid";
import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { Faq } from "~/components/sections/faq";
import { MessagePage } from "~/components/sections/message-page";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { serviceHeroImage } from "~/components/sections/service-art";
import { paths } from "~/data/paths";
import type { ContentOf } from "~/data/schemas";
import type { ServiceCategory } from "~/data/services";

/** Shared wording of every category page, and the page for an unknown category. */
type CategoryCopy = ContentOf<"pages/service-category.yaml">;

/** A category page: hero, overview, benefits, support and community where it has them, FAQ and call to action. */
export default function CategoryContent({ category, copy }: { category: ServiceCategory; copy: CategoryCopy }) {
  const { hero, intro, support, community } = category;
  return (
    <>
      <PageHero
        eyebrow={hero ? category.title : copy.eyebrow}
        title={hero?.headline ?? category.title}
        intro={hero?.subheadline ?? category.description}
        image={serviceHeroImage(category.heroImage)}
      />
      {intro && (
        <Section heading={copy.introHeading}>
          <p className="mx-auto max-w-3xl text-lg leading-relaxed text-ink">{intro}</p>
        </Section>
      )}
      <Section heading={copy.benefitsHeading} tone="tint">
        <BenefitGrid benefits={category.benefits} />
      </Section>
      {support && (
        <Section heading={support.heading} intro={support.intro}>
          <CheckList items={support.items} />
        </Section>
      )}
      {community && (
        <Section heading={community.heading} intro={community.intro}>
          <CheckList items={community.items} />
        </Section>
      )}
      <Section heading={copy.faqHeading} tone={support || community ? "tint" : "white"}>
        <Faq items={category.faq} />
      </Section>
      <CtaBand heading={copy.ctaHeading} text={copy.ctaText} actions={[{ label: category.cta.text, href: category.cta.link }]} />
    </>
  );
}

/** An unknown slug: Category not found (the server answers 404). */
export function CategoryNotFound({ copy }: { copy: CategoryCopy }) {
  const { title, text, backLabel } = copy.notFound;
  return <MessagePage heading={title} text={text} link={{ label: backLabel, href: paths.services }} />;
}
