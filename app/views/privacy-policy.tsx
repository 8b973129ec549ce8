import { LegalPage } from "~/components/sections/legal-page";
import type { LegalDocument } from "~/data/types";

export default function PrivacyPolicyContent({ document }: { document: LegalDocument }) {
  return <LegalPage document={document} />;
}
