import { LegalPage } from "~/components/sections/legal-page";
import { termsConditions } from "~/data/terms-conditions";

export default function TermsConditionsContent() {
  return <LegalPage document={termsConditions} />;
}
