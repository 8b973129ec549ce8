import { LegalPage } from "~/components/sections/legal-page";
import { privacyPolicy } from "~/content/privacy-policy";

export default function PrivacyPolicyContent() {
  return <LegalPage document={privacyPolicy} />;
}
