// A collection of Astro's content layer (app/content.config.ts) made from a
// folder of content/ by the build's own reading: each file parsed, its
// placeholders filled and checked against its own valibot schema
// (content-files.ts's loadContentFile), so a broken file stops the
// build naming the file, the field and the reason, as before. The entries'
// type is the schema's (ContentOf; for a folder whose files each have their
// own, `spotlight/`, the union of theirs, which contentEntry narrows by the
// entry's name), written for Astro's generated types; the zod schema Astro
// asks for checks nothing more, the valibot one has.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { Loader } from "astro/loaders";
import { z } from "astro/zod";
import { contentFiles, type ContentPath } from "../../app/data/schemas/index.ts";
import { checkAllContent, contentDir, listContentFiles, loadContentFile } from "./content-files.ts";

const schemasModule = fileURLToPath(new URL("../../app/data/schemas/index.ts", import.meta.url));

/**
 * The entries of `content/<folder>/*.<ext>`, each named by its file name:
 * `meta/*.yaml` has `about` for `content/meta/about.yaml`; or the one entry
 * of a file at the top of content/, named as the file (`about.md`: `about`).
 */
export function contentCollection(pattern: `${string}/*.${string}` | ContentPath): Loader {
  const [folder, extension] = [path.posix.dirname(pattern), path.posix.extname(pattern)];
  const single = !pattern.includes("*");
  const keys = single ? [pattern] : Object.keys(contentFiles).filter((key) => path.posix.dirname(key) === folder && key.endsWith(extension));
  if (keys.length === 0) throw new Error(`${pattern}: no schema in app/data/schemas/index.ts covers content/${pattern}`);
  return {
    name: `site-content:${pattern}`,
    async load({ store }) {
      store.clear();
      const files = listContentFiles().filter((name) => (single ? name === pattern : path.posix.dirname(name) === folder && name.endsWith(extension)));
      for (const file of files) {
        const data = loadContentFile(file, readFileSync(path.join(contentDir, file), "utf8")) as Record<string, unknown>;
        store.set({ id: path.posix.basename(file, extension), data, filePath: `content/${file}` });
      }
    },
    createSchema: async () => ({
      schema: z.record(z.string(), z.unknown()),
      types: `import type { ContentOf } from ${JSON.stringify(schemasModule)};\nexport type Entry = ${keys.map((key) => `ContentOf<${JSON.stringify(key)}>`).join(" | ")};\n`,
    }),
  };
}

/**
 * Every file of content/ checked as Astro starts (a build, the dev server, a
 * sync), before the collections load: a file no collection reads is refused
 * too, and every problem is named in one message.
 */
export function contentCheck(): AstroIntegration {
  return { name: "content-check", hooks: { "astro:config:setup": () => checkAllContent() } };
}
