// The content layer's entries for the route files: Astro's getEntry, typed
// by the entry's schema (app/content.config.ts), failing the build when
// the entry is not there. Call it with the collection and the entry named in
// the call (`contentEntry("meta", "about")`): the build reads those names to
// date each page in the sitemap (scripts/build/page-content.ts).
import { getEntry, type CollectionKey, type DataEntryMap } from "astro:content";
import type { ContentOf, ContentPath } from "./schemas";

/** An entry's type: its own file's schema where it has one (`spotlight/payroll.md`), else its folder's (`meta/*.yaml`). */
type EntryOf<C extends CollectionKey, I extends string> = `${C}/${I}.md` extends ContentPath
  ? ContentOf<`${C}/${I}.md`>
  : `${C}/${I}.yaml` extends ContentPath
    ? ContentOf<`${C}/${I}.yaml`>
    : DataEntryMap[C][string]["data"];

export async function contentEntry<C extends CollectionKey, I extends string>(collection: C, id: I): Promise<EntryOf<C, I>> {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`${collection}: no entry "${id}" in content/${collection}/ (app/content.config.ts)`);
  // The loader checked the entry's file against that file's own schema; the collection's type is the union of its files'.
  return entry.data as EntryOf<C, I>;
}
