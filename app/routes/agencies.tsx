import { agenciesMeta } from "~/data/meta/agencies";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(agenciesMeta);

const AgenciesContent = staticPart(() => import("~/pages/agencies"));

/** Agencies: the whole page keeps its pre-rendered HTML. */
export default function AgenciesPage() {
  return <AgenciesContent />;
}
