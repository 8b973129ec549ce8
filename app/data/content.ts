// The content layer's entries for the route files: Astro's getEntry, typed
// by the entry's schema (app/content.config.ts), failing the build when
// the entry is not there. Call it with the collection and the entry named in
// the call (`contentEntry("meta", "about")`): the build reads those names to
// date each page in the sitemap (scripts/build/page-content.ts).
import { getCollection, getEntry, type CollectionKey, type DataEntryMap } from "astro:content";
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

/**
 * Every entry of a collection, in its files' order (`contentEntries("tenders")`),
 * for a folder of one file per entry that a page shows whole: the build
 * dates the page by the folder (scripts/build/page-content.ts).
 */
export async function contentEntries<C extends CollectionKey>(collection: C): Promise<DataEntryMap[C][string]["data"][]> {
  const entries = await getCollection(collection);
  const file = (entry: (typeof entries)[number]) => entry.filePath ?? entry.id;
  return entries.sort((a, b) => (file(a) < file(b) ? -1 : file(a) > file(b) ? 1 : 0)).map((entry) => entry.data);
}
