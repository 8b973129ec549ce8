import { resourcesMeta } from "~/data/meta/resources";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(resourcesMeta);

const ResourcesContent = staticPart(() => import("~/pages/resources"));

/** Resources: the whole page keeps its pre-rendered HTML. */
export default function ResourcesPage() {
  return <ResourcesContent />;
}
