import type { ContentOf } from "~/data/schemas";
import type { LegalBlock, LegalDocument } from "~/data/types";
import { formatIsoDateGB } from "~/lib/format-date";
import { PageHero } from "./page-hero";
import { slugify } from "./section";

const linkClasses = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900";

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-brand-700">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return (
    <dl className="space-y-3 rounded-2xl bg-surface p-5 ring-1 ring-line">
      {block.terms.map(({ term, detail, href }) => (
        <div key={term} className="sm:grid sm:grid-cols-3 sm:gap-4">
          <dt className="font-semibold text-brand-900">{term}</dt>
          <dd className="sm:col-span-2">
            {href ? (
              <a href={href} className={linkClasses}>
                {detail}
              </a>
            ) : (
              detail
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A privacy, terms or cookie page: the hero, the date it last changed, a contents list and headed sections of prose. */
/** `copy` is the wording the three legal pages share (content/site/legal.yaml). */
export function LegalPage({ document, copy: legalCopy }: { document: LegalDocument; copy: ContentOf<"site/legal.yaml"> }) {
  const sections = document.sections.map((section) => ({ ...section, id: slugify(section.heading) }));
  return (
    <>
      <PageHero eyebrow={legalCopy.eyebrow} title={document.title} intro={document.intro} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-sm text-muted">
          {legalCopy.lastUpdated}: <time dateTime={document.lastUpdated}>{formatIsoDateGB(document.lastUpdated)}</time>
        </p>
        <nav aria-labelledby="legal-contents" className="mt-8 rounded-2xl bg-brand-50 p-6">
          <p id="legal-contents" className="font-semibold text-brand-900">
            {legalCopy.contents}
          </p>
          <ol className="mt-3 list-decimal space-y-1 pl-6 marker:text-brand-700">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={linkClasses}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`${section.id}-heading`} id={section.id} className="mt-12">
            <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight text-brand-900">
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink">
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
