import { payrollMeta } from "~/data/meta/spotlight-payroll";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";
import type { Route } from "./+types/spotlight-payroll";

/**
 * Runs at build time only (the page is pre-rendered): the description is
 * written from the market figures, and the HTML and `.data` file carry the
 * finished text, so the browser never downloads the figures to build it.
 */
export function loader() {
  return { meta: payrollMeta };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData.meta);

const PayrollSpotlightContent = staticPart(() => import("~/pages/spotlight-payroll"));

/** Payroll & Compliance: the whole page keeps its pre-rendered HTML. */
export default function PayrollSpotlightPage() {
  return <PayrollSpotlightContent />;
}
