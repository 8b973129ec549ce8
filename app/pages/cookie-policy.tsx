import { LegalPage } from "~/components/sections/legal-page";
import { cookiePolicy } from "~/content/cookie-policy";

export default function CookiePolicyContent() {
  return <LegalPage document={cookiePolicy} />;
}
