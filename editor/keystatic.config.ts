// What the owner's content editor (Keystatic) edits: every file under content/
// that the site is built from, as the registry of schemas
// (app/data/schemas/index.ts) lists them, its fields derived from each
// file's schema (editor/schema-fields.ts). Read by the editor's browser bundle
// and by the server's editor API alike.
import { config, type Config } from "@keystatic/core";
import { contentFiles } from "../app/data/schemas/index.ts";
import { deriveEditor } from "./schema-fields.ts";

export { UPLOADS_DIRECTORY } from "./schema-fields.ts";

const derived = deriveEditor(contentFiles);

/** Each Keystatic key's registry entry: which path it edits, its label and its page. */
export const editorEntries = derived.entries;
export const editorCollections = derived.collections;
export const editorSingletons = derived.singletons;

/** The public page each editable file shows on, where its path names one: the editor's preview links and the tests use it. */
export const previewPaths: Readonly<Record<string, string>> = derived.previewPaths;

/**
 * Local mode edits the files of the server's own checkout (SITE_SOURCE_DIR) through
 * /api/keystatic; GitHub mode edits a repository on GitHub instead (docs/content-editor.md).
 */
export type EditorStorage = { kind: "local" } | { kind: "github"; repo: `${string}/${string}` };

export function editorConfig(storage: EditorStorage = { kind: "local" }): Config {
  return config({
    storage,
    ui: {
      brand: { name: "Freelancer Marketplace UK: content" },
      // Grouped by the page the words are on, so the owner finds them by the page's name.
      navigation: derived.navigation,
    },
    collections: editorCollections,
    singletons: editorSingletons,
  }) as unknown as Config;
}
