import { homeMeta } from "~/data/meta/home";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(homeMeta);

const HomeContent = staticPart(() => import("~/pages/home"));

/** Home: the whole page keeps its pre-rendered HTML. */
export default function HomePage() {
  return <HomeContent />;
}
