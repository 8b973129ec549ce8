import { LegalPage } from "~/components/sections/legal-page";
import type { ContentOf } from "~/data/schemas";
import type { LegalDocument } from "~/data/types";

export default function TermsConditionsContent({ document, copy }: { document: LegalDocument; copy: ContentOf<"site/legal.yaml"> }) {
  return <LegalPage document={document} copy={copy} />;
}
