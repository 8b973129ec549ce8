import { memberMeta } from "~/data/meta/member";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(memberMeta);

const MemberContent = staticPart(() => import("~/pages/member"));

/** Member: what the members area offers, and how to join. */
export default function MemberPage() {
  return <MemberContent />;
}
