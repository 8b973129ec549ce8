import { termsConditionsMeta } from "~/data/meta/terms-conditions";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(termsConditionsMeta);

const TermsConditionsContent = staticPart(() => import("~/pages/terms-conditions"));

export default function TermsConditionsPage() {
  return <TermsConditionsContent />;
}
