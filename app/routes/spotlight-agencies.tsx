import { agenciesSpotlightMeta } from "~/data/meta/spotlight-agencies";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(agenciesSpotlightMeta);

const AgenciesSpotlightContent = staticPart(() => import("~/pages/spotlight-agencies"));

/** Agencies & Recruiters: the recruitment editorial. */
export default function AgenciesSpotlightPage() {
  return <AgenciesSpotlightContent />;
}
