// A page's head tags for the route files: meta-tags.ts's, named by the site's
// entries as the layout reads them (data/shell-entries.ts).
import { shellEntries } from "~/data/shell-entries";
import type { PageMeta } from "~/data/types";
import { metaTags, type MetaTag } from "./meta-tags";

export { absoluteUrl, ogImageFor, pagePath, siteUrl, type MetaTag } from "./meta-tags";

export function pageMeta(page: PageMeta): MetaTag[] {
  return metaTags(page, shellEntries);
}
