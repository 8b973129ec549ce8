import "~/components/sections/faq-accordion";
import "~/components/sections/today-date";
import { resourcesMeta } from "~/content/meta/resources";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(resourcesMeta);

const ResourcesContent = staticPart(() => import("~/pages/resources"));

/** The whole page keeps its pre-rendered HTML; only the behaviours above run on it. */
export default function ResourcesPage() {
  return <ResourcesContent />;
}
