import { cookiePolicyMeta } from "~/data/meta/cookie-policy";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(cookiePolicyMeta);

const CookiePolicyContent = staticPart(() => import("~/pages/cookie-policy"));

export default function CookiePolicyPage() {
  return <CookiePolicyContent />;
}
