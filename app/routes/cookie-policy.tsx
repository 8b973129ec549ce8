import { LegalPage } from "~/components/sections/legal-page";
import { cookiePolicy } from "~/content/cookie-policy";
import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta(cookiePolicy.meta);

export default function CookiePolicyPage() {
  return <LegalPage document={cookiePolicy} />;
}
