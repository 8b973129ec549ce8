import "~/components/sections/hero-video";
import { homeMeta } from "~/content/meta/home";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(homeMeta);

const HomeContent = staticPart(() => import("~/pages/home"));

/** The whole page keeps its pre-rendered HTML; only the behaviours above run on it. */
export default function HomePage() {
  return <HomeContent />;
}
