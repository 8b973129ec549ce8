import { LegalPage } from "~/components/sections/legal-page";
import { privacyPolicy } from "~/data/privacy-policy";

export default function PrivacyPolicyContent() {
  return <LegalPage document={privacyPolicy} />;
}
