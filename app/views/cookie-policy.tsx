import { LegalPage } from "~/components/sections/legal-page";
import type { LegalDocument } from "~/data/types";

export default function CookiePolicyContent({ document }: { document: LegalDocument }) {
  return <LegalPage document={document} />;
}
