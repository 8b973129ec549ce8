// Which content files each page shows, as its build read them: once the
// pre-render bundle is made, each route file's imports are followed through the
// module graph to the content-layer entries the modules it reaches read (and
// the files those name in placeholders). What a layout reads (header, footer,
// notices, the site's name) is every page's shell, no page's own content, so
// it moves no page's date. The sitemap's lastmod comes from these files'
// history: no list of pages and their files to keep by hand.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { filesNamedBy, listContentFiles } from "./content-files";

/** Content files by route file (absolute path): `content/about.md`, `content/tenders/` for a folder read whole. */
export type ContentReads = ReadonlyMap<string, ReadonlySet<string>>;

/** Where contentEntry and contentEntries are defined, the one module that names them without reading an entry. */
const contentEntryModule = fileURLToPath(new URL("../../app/data/content.ts", import.meta.url));
const entryCall = /\bcontentEntry\(([^)]*)\)/g;
const literalArguments = /^\s*"([\w-]+)"\s*,\s*"([\w-]+)"\s*$/;
const collectionCall = /\bcontentEntries\(([^)]*)\)/g;
const literalCollection = /^\s*"([\w-]+)"\s*$/;

/**
 * The content files of the content-layer entries a module reads
 * (`contentEntry("meta", "about")`: content/meta/about.yaml), and the folders
 * of the collections it reads whole (`contentEntries("tenders")`:
 * content/tenders/, as a folder import is dated). They are read from Astro's
 * data store, not imported, so the graph has no edge to them: the build
 * takes them from the call, which must name them with literals.
 */
export function entriesReadBy(code: string, module: string, files: readonly string[] = listContentFiles()): string[] {
  const folders = [...code.matchAll(collectionCall)].map(([call, args = ""]) => {
    const [, collection] = literalCollection.exec(args) ?? [];
    if (!collection) throw new Error(`${module}: ${call}: name the collection as a literal, so the build can date the page`);
    if (!files.some((name) => path.posix.dirname(name) === collection)) throw new Error(`${module}: ${call}: content/${collection}/ has no entries`);
    return `content/${collection}/`;
  });
  return [...folders, ...[...code.matchAll(entryCall)].flatMap(([call, args = ""]) => {
    const [, collection, id] = literalArguments.exec(args) ?? [];
    if (!collection || !id) throw new Error(`${module}: ${call}: name the collection and the entry as literals, so the build can date the page`);
    const stem = (name: string) => path.posix.basename(name).replace(/\.[^.]+$/, "");
    // A file at the top of content/ is a collection of one entry, named as the file (`contentEntry("about", "about")`).
    const file = files.find((name) => (path.posix.dirname(name) === collection && stem(name) === id) || (path.posix.dirname(name) === "." && stem(name) === collection && id === collection));
    if (!file) throw new Error(`${module}: ${call}: content/${collection}/ has no entry "${id}"`);
    return [`content/${file}`];
  })];
}

/**
 * A Vite plugin for the pre-render build: hands `done` the content each route
 * file under `pagesDir` reaches, less what any module under `layoutsDir` reaches.
 */
export function pageContentPlugin(options: { root: string; pagesDir: string; layoutsDir: string; done: (reads: ContentReads) => void }): Plugin {
  return {
    name: "page-content",
    generateBundle() {
      const ids = [...this.getModuleIds()];
      const routes = ids.filter((id) => id.startsWith(options.pagesDir));
      // The client bundle holds no route file: only the pre-render's graph says what a page shows.
      if (routes.length === 0) return;
      let listed: string[] | undefined;
      const files = () => (listed ??= listContentFiles());
      const reach = (from: readonly string[]) => {
        const seen = new Set<string>(from);
        const found = new Set<string>();
        const read = (content: string) => {
          found.add(content);
          // A placeholder's value read from another file is read for this one.
          if (!content.endsWith("/")) for (const named of filesNamedBy(readFileSync(path.join(options.root, content), "utf8"))) found.add(`content/${named}`);
        };
        const stack = [...from];
        while (stack.length > 0) {
          const id = stack.pop()!;
          const info = this.getModuleInfo(id);
          if (id !== contentEntryModule && info?.code && /\bcontentEntr(y|ies)\(/.test(info.code)) entriesReadBy(info.code, id, files()).forEach(read);
          for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
            if (!seen.has(next)) {
              seen.add(next);
              stack.push(next);
            }
          }
        }
        return found;
      };
      const shell = reach(ids.filter((id) => id.startsWith(options.layoutsDir)));
      options.done(new Map(routes.map((route) => [route, new Set([...reach([route])].filter((file) => !shell.has(file)))])));
    },
  };
}

/**
 * The content of each page one route file wrote. A route that writes several
 * pages (`services/[category].astro`) reads every page's file; of the files
 * named after a page's own segment (`content/services/payroll.yaml`), each page
 * keeps only its own, so one category's edit moves no other category's date.
 */
export function contentOfPages(pages: readonly string[], files: ReadonlySet<string>): Map<string, string[]> {
  const segments = (page: string) => new Set(page.split("/").filter(Boolean));
  const everyPage = pages.map(segments);
  const own = new Set(everyPage.flatMap((set) => [...set]).filter((segment) => !everyPage.every((set) => set.has(segment))));
  const stem = (file: string) => path.posix.basename(file).replace(/\.[^.]+$/, "");
  return new Map(
    pages.map((page, index) => [page, [...files].filter((file) => !own.has(stem(file)) || everyPage[index]!.has(stem(file))).sort()]),
  );
}
