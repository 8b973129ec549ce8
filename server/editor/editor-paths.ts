import type { Config } from "@keystatic/core";

// The files the content editor may read and write, derived from the editor's
// own Keystatic configuration (editor/keystatic.config.ts): each singleton's
// one data or Markdown file, one `[a-z0-9-]+` entry file per collection, and pictures
// under the folders its image fields name. Keystatic's own check accepts any
// path starting with a configured folder's name (so `content/tenders/x/.git/config`
// and `public/media/uploads/x.html` pass); this is the exact list.

/** What an allowed path is. */
export type EditorFile =
  | { kind: "singleton"; key: string }
  | { kind: "entry"; collection: string; slug: string }
  | { kind: "picture"; directory: string; extension: PictureExtension };

export type EditorPathCheck = { ok: true; file: EditorFile } | { ok: false; reason: string };

/** The picture formats an upload may be named (and is re-encoded to): what browsers show and sharp writes. */
export const PICTURE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif"] as const;
export type PictureExtension = (typeof PICTURE_EXTENSIONS)[number];

/** A collection entry's name: what Keystatic's slug field makes of a title. */
const SLUG = /^[a-z0-9-]{1,100}$/;
/** A folder or file name under an upload folder: Keystatic names them after the field's place (`items/0/avatar`). */
const UPLOAD_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;
/** Folders below an upload folder: an entry's slug, then the field's path (array, index, field). */
const UPLOAD_MAX_DEPTH = 6;
/** Longer is no name Keystatic makes. */
const PATH_MAX_LENGTH = 400;

type Field = {
  kind: string;
  formKind?: string;
  directory?: string;
  directories?: readonly string[];
  contentExtension?: string;
  fields?: Record<string, Field>;
  element?: Field;
  values?: Record<string, Field>;
  discriminant?: Field;
};
type Entity = { path?: string; format?: unknown; schema: Record<string, Field> };

/** The data file's extension: .yaml or .json, or a content field's own (a Markdown body: .md, its other fields the front matter). */
function dataExtension(name: string, format: unknown, schema: Record<string, Field>): string {
  if (format === undefined || format === "yaml") return ".yaml";
  if (format === "json") return ".json";
  if (typeof format === "object" && format !== null && "contentField" in format) {
    const field = schema[String((format as { contentField: unknown }).contentField)];
    if (field?.formKind === "content" && field.contentExtension && /^\.[a-z]+$/.test(field.contentExtension)) return field.contentExtension;
  } else if (typeof format === "object" && format !== null) {
    const data = (format as { data?: string }).data ?? "yaml";
    if (data === "yaml" || data === "json") return `.${data}`;
  }
  throw new Error(`editor-paths: ${name} has a format this allowlist does not know (${JSON.stringify(format)}): list its files in server/editor/editor-paths.ts`);
}

/** The folders the schema's image fields upload into. */
function pictureDirectories(name: string, field: Field, into: Set<string>) {
  if (field.kind === "form" && field.formKind === "asset") {
    if (!field.directory) throw new Error(`editor-paths: an image field of ${name} has no directory: give it one under public/`);
    into.add(field.directory.replace(/\/+$/, ""));
    return;
  }
  // A content field is the file's own body; one that writes files of its own (pictures in the text) is not listed here.
  if (field.kind === "form" && field.formKind === "content" && (field.directories ?? []).length === 0) return;
  if (field.kind === "form" && field.formKind !== undefined && field.formKind !== "slug") {
    throw new Error(`editor-paths: ${name} has a field of kind "${field.formKind}" whose files this allowlist does not know`);
  }
  for (const child of Object.values(field.fields ?? {})) pictureDirectories(name, child, into);
  for (const child of Object.values(field.values ?? {})) pictureDirectories(name, child, into);
  if (field.element) pictureDirectories(name, field.element, into);
  if (field.discriminant) pictureDirectories(name, field.discriminant, into);
}

/**
 * Why a path is no file name at all, whatever the configuration: the checks
 * made before any lookup, so that no spelling reaches the file system.
 */
function malformed(filepath: string): string | undefined {
  if (filepath.length === 0) return "the path is empty";
  if (filepath.length > PATH_MAX_LENGTH) return `the path is longer than ${PATH_MAX_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(filepath)) return "the path holds a control character";
  if (filepath.includes("\\")) return "the path holds a backslash";
  if (filepath.startsWith("/") || /^[A-Za-z]:/.test(filepath)) return "the path is absolute";
  const segments = filepath.split("/");
  if (segments.some((segment) => segment === "")) return "the path has an empty folder name";
  if (segments.some((segment) => segment === "..")) return "the path goes up a folder (..)";
  if (segments.some((segment) => segment.startsWith("."))) return "a folder or file name starts with a dot";
  return undefined;
}

export interface EditorPaths {
  /** Whether the editor may write (or read) this path, relative to the checkout, and what it is. */
  check(filepath: string): EditorPathCheck;
  /** The configuration's files, for the documentation and the tests: singletons' files, entry patterns, picture folders. */
  readonly described: { singletons: string[]; collections: string[]; pictureDirectories: string[] };
}

export function editorPaths(config: Pick<Config, "collections" | "singletons">): EditorPaths {
  const singletons = new Map<string, string>();
  const collections: { key: string; prefix: string; suffix: string }[] = [];
  const directories = new Set<string>();

  for (const [key, singleton] of Object.entries((config.singletons ?? {}) as Record<string, Entity>)) {
    const base = (singleton.path ?? key).replace(/\/+$/, "");
    if (base.includes("*")) throw new Error(`editor-paths: singleton ${key}'s path holds a *`);
    // A path ending in "/" keeps the data in an index file (Keystatic's "index" location).
    const file = singleton.path?.endsWith("/") ? `${base}/index${dataExtension(key, singleton.format, singleton.schema)}` : `${base}${dataExtension(key, singleton.format, singleton.schema)}`;
    singletons.set(file, key);
    for (const field of Object.values(singleton.schema)) pictureDirectories(key, field, directories);
  }
  for (const [key, collection] of Object.entries((config.collections ?? {}) as Record<string, Entity>)) {
    const configured = collection.path ?? `${key}/*`;
    const star = configured.indexOf("*");
    if (star < 0 || configured.includes("**") || configured.indexOf("*", star + 1) >= 0) {
      throw new Error(`editor-paths: collection ${key}'s path must hold one single *, not ${configured}`);
    }
    const prefix = configured.slice(0, star);
    // As Keystatic names an entry's file: its folder, what follows the *, then "/index" when the path ends in "/".
    const rest = configured.slice(star + 1).replace(/^\/+|\/+$/g, "");
    const suffix = `${rest ? `/${rest}` : ""}${configured.endsWith("/") ? "/index" : ""}${dataExtension(key, collection.format, collection.schema)}`;
    collections.push({ key, prefix, suffix });
    for (const field of Object.values(collection.schema)) pictureDirectories(key, field, directories);
  }
  const pictureDirs = [...directories];

  const check = (filepath: string): EditorPathCheck => {
    const bad = malformed(filepath);
    if (bad) return { ok: false, reason: bad };
    const singleton = singletons.get(filepath);
    if (singleton) return { ok: true, file: { kind: "singleton", key: singleton } };
    // A name that fits a collection's pattern but not its names is told as such, unless something else takes it.
    let misnamed: string | undefined;
    for (const { key, prefix, suffix } of collections) {
      if (!filepath.startsWith(prefix) || !filepath.endsWith(suffix)) continue;
      const slug = filepath.slice(prefix.length, filepath.length - suffix.length);
      if (SLUG.test(slug)) return { ok: true, file: { kind: "entry", collection: key, slug } };
      misnamed ??= `an entry of ${key} is named with a-z, 0-9 and - only`;
    }
    for (const directory of pictureDirs) {
      if (!filepath.startsWith(`${directory}/`)) continue;
      const segments = filepath.slice(directory.length + 1).split("/");
      const name = segments.pop()!;
      const dot = name.lastIndexOf(".");
      const extension = name.slice(dot + 1).toLowerCase();
      if (dot <= 0 || !(PICTURE_EXTENSIONS as readonly string[]).includes(extension)) {
        return { ok: false, reason: `an upload must be a picture named .${PICTURE_EXTENSIONS.join(", .")}` };
      }
      if (segments.length > UPLOAD_MAX_DEPTH || ![...segments, name.slice(0, dot)].every((segment) => UPLOAD_SEGMENT.test(segment))) {
        return { ok: false, reason: "an upload's folders and name are letters, digits, _ and - only" };
      }
      return { ok: true, file: { kind: "picture", directory, extension: extension as PictureExtension } };
    }
    return { ok: false, reason: misnamed ?? "the editor edits no such file" };
  };

  return {
    check,
    described: {
      singletons: [...singletons.keys()],
      collections: collections.map(({ prefix, suffix }) => `${prefix}<a-z0-9->${suffix}`),
      pictureDirectories: pictureDirs,
    },
  };
}
