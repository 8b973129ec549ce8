import { tendersMeta } from "~/data/meta/tenders";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(tendersMeta);

const TendersContent = staticPart(() => import("~/pages/spotlight-tenders"));

/** Tenders & Project Delivery: how we bid and deliver, with sample opportunities. */
export default function TendersPage() {
  return <TendersContent />;
}
