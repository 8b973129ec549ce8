import { spotlightMeta } from "~/data/meta/spotlight";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(spotlightMeta);

const SpotlightContent = staticPart(() => import("~/pages/spotlight"));

/** Spotlight On: UK freelancers by sector. */
export default function SpotlightPage() {
  return <SpotlightContent />;
}
