// The content layer's entries for the route files: Astro's getEntry, typed
// by each collection's schema (app/content.config.ts), failing the build when
// the entry is not there. Call it with the collection and the entry named in
// the call (`contentEntry("meta", "about")`): the build reads those names to
// date each page in the sitemap (scripts/build/page-content.ts).
import { getEntry, type CollectionKey, type DataEntryMap } from "astro:content";

export async function contentEntry<C extends CollectionKey>(collection: C, id: string): Promise<DataEntryMap[C][string]["data"]> {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`${collection}: no entry "${id}" in content/${collection}/ (app/content.config.ts)`);
  return entry.data;
}
