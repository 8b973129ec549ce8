import { LegalPage } from "~/components/sections/legal-page";
import { privacyPolicy } from "~/content/privacy-policy";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(privacyPolicy.meta);

export default function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}
