import { LegalPage } from "~/components/sections/legal-page";
import { termsConditions } from "~/content/terms-conditions";

export default function TermsConditionsContent() {
  return <LegalPage document={termsConditions} />;
}
