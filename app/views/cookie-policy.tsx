import { LegalPage } from "~/components/sections/legal-page";
import { cookiePolicy } from "~/data/cookie-policy";

export default function CookiePolicyContent() {
  return <LegalPage document={cookiePolicy} />;
}
