import type { FaqItem } from "~/data/types";
import type { JsonLd } from "./structured-data";

/** FAQPage for the questions an FAQ section shows: the section publishes it, so every page with an FAQ does. */
export function faqJsonLd(items: readonly FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** JSON for inside a <script> element: `<` escaped, so no answer can close the element. */
export const scriptSafeJson = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");
