import { BenefitGrid } from "~/components/sections/benefit-grid";
import { CheckList } from "~/components/sections/check-list";
import { CtaBand } from "~/components/sections/cta-band";
import { Faq } from "~/components/sections/faq";
import { MessagePage } from "~/components/sections/message-page";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { serviceHeroImage } from "~/components/sections/service-art";
import { paths } from "~/content/paths";
import { findServiceCategory, serviceCategoryCopy as copy, type ServiceCategory } from "~/content/services";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/service-category";

/**
 * Runs at build time only (every category is pre-rendered): each page's HTML
 * carries its own category's record, and a client-side visit fetches the
 * pre-rendered `.data` file, so no page downloads the other seven categories.
 */
export function loader({ params }: Route.LoaderArgs) {
  return { category: findServiceCategory(params.category) ?? null };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const category = loaderData?.category;
  if (!category) {
    return [
      ...pageMeta({ title: copy.notFound.title, description: copy.notFound.text, path: paths.serviceCategoryNotFound }),
      { name: "robots", content: "noindex" },
    ];
  }
  return pageMeta({ title: category.title, description: category.description, path: paths.serviceCategory(params.category), faq: category.faq });
}

/** One page per service category, from its content record; an unknown slug shows Category not found (the server answers 404). */
export default function ServiceCategoryPage({ loaderData: { category }, params }: Route.ComponentProps) {
  // Keyed by slug, so moving between categories starts each page afresh (e.g. no FAQ left open).
  return category ? <CategoryPage key={params.category} category={category} /> : <CategoryNotFound />;
}

function CategoryPage({ category }: { category: ServiceCategory }) {
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

function CategoryNotFound() {
  const { title, text, backLabel } = copy.notFound;
  return <MessagePage heading={title} text={text} link={{ label: backLabel, href: paths.services }} />;
}
