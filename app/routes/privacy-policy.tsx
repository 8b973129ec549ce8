import { privacyPolicyMeta } from "~/data/meta/privacy-policy";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(privacyPolicyMeta);

const PrivacyPolicyContent = staticPart(() => import("~/pages/privacy-policy"));

export default function PrivacyPolicyPage() {
  return <PrivacyPolicyContent />;
}
