import { aboutMeta } from "~/data/meta/about";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(aboutMeta);

const AboutContent = staticPart(() => import("~/pages/about"));

export default function AboutPage() {
  return <AboutContent />;
}
