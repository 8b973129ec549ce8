import { LegalPage } from "~/components/sections/legal-page";
import { termsConditions } from "~/content/terms-conditions";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(termsConditions.meta);

export default function TermsConditionsPage() {
  return <LegalPage document={termsConditions} />;
}
