import { freelancersMeta } from "~/data/meta/freelancers";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(freelancersMeta);

const FreelancersContent = staticPart(() => import("~/pages/freelancers"));

/** Freelancers: the whole page keeps its pre-rendered HTML. */
export default function FreelancersPage() {
  return <FreelancersContent />;
}
