import { paths, serviceSlugs } from "~/data/paths";
import { servicesMeta } from "~/data/meta/services";
import { serviceCategories } from "~/data/service-categories";
import type { Card } from "~/data/types";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";

export const meta = () => pageMeta(servicesMeta);

/** Build time only: the cards need each category's title, summary and icon, not its whole record. */
export function loader(): { cards: Card[] } {
  return {
    cards: serviceSlugs.map((slug) => {
      const { title, description, icon } = serviceCategories[slug];
      return { title, text: description, icon, href: paths.serviceCategory(slug) };
    }),
  };
}

const ServicesContent = staticPart(() => import("~/pages/services"));

/** Services: the whole page keeps its pre-rendered HTML. */
export default function ServicesPage() {
  return <ServicesContent />;
}
