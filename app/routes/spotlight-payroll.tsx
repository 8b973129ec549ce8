// The page's behaviours, as custom elements: bars that grow and figures that count up when seen.
import "~/components/charts/count-up";
import "~/components/charts/grow-bars";
import { payrollMeta } from "~/content/meta/spotlight-payroll";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(payrollMeta);

const PayrollSpotlightContent = staticPart(() => import("~/pages/spotlight-payroll"));

/** Payroll & Compliance: the whole page keeps its pre-rendered HTML. */
export default function PayrollSpotlightPage() {
  return <PayrollSpotlightContent />;
}
