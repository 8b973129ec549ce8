// The site's content files (content/*.yaml, content/*.md) as checked data: the
// one reader of content/ outside Astro's content layer. Each file is parsed,
// its placeholders filled, and checked against its schema (app/data/schemas/);
// a file that does not fit fails, naming the file, the field and the reason.
// The content layer's loader (content-collection.ts) reads through
// loadContentFile; the editor's server, the CLI, the benchmarks, the browser
// specs, the unit tests and the scripts read entries with readEntry.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as v from "valibot";
import { parse as parseYaml } from "yaml";
import { statedFigures } from "../../app/data/figures.ts";
import { legalContactTerms } from "../../app/data/legal.ts";
import { contentFiles, type ContentEntry, type ContentOf, type ContentPath } from "../../app/data/schemas/index.ts";
import { placeholders } from "../../app/data/schemas/placeholders.ts";
import type { SchemaNode as Node } from "../../app/data/schemas/schema-node.ts";
import { MarkdownError, markdownSections, splitFrontMatter } from "./content-markdown.ts";

// From the module's own path, not `new URL(…, import.meta.url)`, which Vitest takes for an asset's URL under jsdom.
export const contentDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../content/");
const extensions = /\.(ya?ml|md)$/;

export class ContentError extends Error {
  override name = "ContentError";
}

/** The registry entry for a path relative to content/ (posix), if any: exact, or `*` for one file name. */
export function entryFor(relative: string): ContentEntry | undefined {
  for (const [pattern, entry] of Object.entries(contentFiles)) {
    const matcher = new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}$`);
    if (matcher.test(relative)) return entry;
  }
  return undefined;
}

const placeholderPattern = /\{([a-zA-Z]\w*(?:\.[a-zA-Z]\w*)+)\}/g;

function placeholderValue(name: string, values: object): unknown {
  let value: unknown = values;
  for (const key of name.split(".")) {
    value = value !== null && typeof value === "object" && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** Content files whose values other files name: they name none themselves, so none depends on itself. */
const valueFiles = new Set(["statistics.yaml", "site/brand.yaml", "site/profile.yaml"]);

/**
 * The other content files (relative to content/) whose values a file's
 * placeholders name: a sentence stating a figure changes with statistics.yaml;
 * the site's name, its contact details and the legal pages' contact terms with
 * the files they come from (placeholderValues).
 */
export function filesNamedBy(source: string): string[] {
  const named = new Set<string>();
  if (source.includes("{figures.")) named.add("statistics.yaml");
  if (/\{(site|legal)\./.test(source)) named.add("site/brand.yaml");
  if (/\{(contact|legal)\./.test(source)) named.add("site/profile.yaml");
  if (source.includes("{legal.")) named.add("pages/contact.yaml");
  return [...named];
}

/**
 * The values a file's placeholders name: placeholders.ts's, and those held by
 * other content files of `dir`, each read only when a file names one:
 * `{figures.…}`, statistics.yaml's figures as the editorials write them
 * (app/data/figures.ts); `{site.…}`, site/brand.yaml; `{contact.…}`,
 * site/profile.yaml's contact details; `{legal.contactTerms}`, those details
 * as a legal page's terms, labelled as on the contact page (app/data/legal.ts).
 */
export function placeholderValues(file: string, dir = contentDir, values: object = placeholders): object {
  if (valueFiles.has(file)) return values;
  const read = <P extends ContentPath>(name: P & string) => loadContentFile(name, readFileSync(path.join(dir, name), "utf8"), dir) as ContentOf<P>;
  const once = <T>(make: () => T) => {
    let value: T | undefined;
    return () => (value ??= make());
  };
  const brand = once(() => read("site/brand.yaml"));
  const profile = once(() => read("site/profile.yaml"));
  const figures = once(() => statedFigures(read("statistics.yaml")));
  const legal = once(() => ({ contactTerms: { terms: legalContactTerms(brand(), profile(), read("pages/contact.yaml").details.labels) } }));
  return {
    ...values,
    get figures() {
      return figures();
    },
    get site() {
      return brand();
    },
    get contact() {
      return profile().contact;
    },
    get legal() {
      if (file === "pages/contact.yaml") throw new PlaceholderError("{legal.…} is made from this file: it cannot name it", []);
      return legal();
    },
  };
}

/**
 * Every `{name.path}` in the data's strings replaced by its value from
 * `values` (app/data/schemas/placeholders.ts by default); a string that is
 * a placeholder alone becomes the value itself, whatever it is. Unknown names
 * are refused.
 */
export function resolvePlaceholders(data: unknown, at: string[] = [], values: object = placeholders): unknown {
  if (typeof data === "string") {
    const whole = /^\{([a-zA-Z]\w*(?:\.[a-zA-Z]\w*)+)\}$/.exec(data.trim());
    const check = (name: string) => {
      const value = placeholderValue(name, values);
      if (value === undefined) {
        const list = name.startsWith("figures.") ? "app/data/figures.ts and content/README.md list the figures" : "app/data/schemas/placeholders.ts and content/README.md list them";
        throw new PlaceholderError(`unknown placeholder {${name}} (${list})`, at);
      }
      return value;
    };
    if (whole) return check(whole[1] ?? "");
    return data.replace(placeholderPattern, (_match, name: string) => {
      const value = check(name);
      if (typeof value !== "string" && typeof value !== "number") throw new PlaceholderError(`{${name}} is not text: use it alone`, at);
      return String(value);
    });
  }
  if (Array.isArray(data)) return data.map((item, index) => resolvePlaceholders(item, [...at, String(index)], values));
  if (data !== null && typeof data === "object") {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, resolvePlaceholders(value, [...at, key], values)]));
  }
  return data;
}

class PlaceholderError extends Error {
  constructor(
    message: string,
    readonly at: string[],
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** Nothing filled in: no value, an empty text or list, or an object with nothing filled in (Keystatic writes `{ items: [] }` for an untouched one). */
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.values(value).every(isEmpty));

/** The schema under its pipe and `optional`, and whether it was optional. */
function unwrap(schema: Node): { schema: Node; optional: boolean } {
  let node = schema;
  let optional = false;
  for (;;) {
    if (node.pipe && node.pipe[0] !== node) node = node.pipe[0]!;
    else if (node.type === "optional" || node.type === "exact_optional") {
      optional = true;
      node = node.wrapped!;
    } else return { schema: node, optional };
  }
}

/**
 * The data without the values its optional fields were left empty with:
 * absent, as the files write them. The content editor writes an untouched
 * optional section as `{}` (or `{ items: [] }`) and an optional list as `[]`;
 * read as absent, they mean what the owner meant.
 */
export function leaveOutEmpty(schema: unknown, data: unknown): unknown {
  const { schema: node } = unwrap(schema as Node);
  if (Array.isArray(data)) {
    const element = (index: number) => (node.type === "array" ? node.item : (node.items?.[index] ?? node.rest));
    return data.map((item, index) => (element(index) ? leaveOutEmpty(element(index), item) : item));
  }
  if (!isRecord(data) || !node.entries) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const entry = node.entries[key];
    if (!entry) {
      out[key] = value;
      continue;
    }
    const kept = leaveOutEmpty(entry, value);
    if (unwrap(entry).optional && isEmpty(kept)) continue;
    out[key] = kept;
  }
  return out;
}

/** `items.2.quote` for an issue's path; `(file)` for the whole file. */
function fieldPath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key));
  return keys.length > 0 ? keys.join(".") : "(file)";
}

/** valibot's message, in the owner's words where its own are terse. */
function reason(issue: v.BaseIssue<unknown>): string {
  if (issue.type === "strict_object" && issue.received === "undefined") return "required, but missing";
  if (issue.type === "strict_object" && issue.expected === "never") return "not a field of this file (misspelt?)";
  // A pattern's message says what the value is not; the value leads it.
  if (issue.type === "regex") return `${JSON.stringify(String(issue.input))} ${issue.message}`;
  return issue.message;
}

/**
 * Parses and checks one content file. `file` is its path relative to content/
 * (posix); throws a ContentError naming it, the field and the reason.
 */
export function loadContentFile(file: string, source: string, dir = contentDir): unknown {
  const entry = entryFor(file);
  if (!entry) {
    throw new ContentError(`content/${file}: no schema for this file (app/data/schemas/index.ts lists what content/ may hold)`);
  }
  const isMarkdown = file.endsWith(".md");
  if (isMarkdown !== "markdown" in entry) {
    throw new ContentError(`content/${file}: this file must be ${isMarkdown ? "YAML (.yaml)" : "Markdown (.md)"}`);
  }
  let data: unknown;
  try {
    if (isMarkdown) {
      const { data: front, body, bodyLine } = splitFrontMatter(source);
      data = { ...(front as object), sections: markdownSections(body, bodyLine) };
    } else {
      data = parseYaml(source, { prettyErrors: true });
    }
    data = resolvePlaceholders(data, [], placeholderValues(file, dir));
  } catch (error) {
    if (error instanceof ContentError) {
      const source = /^content\/(\S+?):? /.exec(error.message)?.[1] ?? "another file";
      const what = source === "statistics.yaml" ? "states figures from" : "names values from";
      throw new ContentError(`content/${file} ${what} content/${source}, which fails:\n${error.message}`);
    }
    if (error instanceof MarkdownError) throw new ContentError(`content/${file}: ${error.where}: ${error.message}`);
    if (error instanceof PlaceholderError) throw new ContentError(`content/${file}: ${error.at.join(".") || "(file)"}: ${error.message}`);
    throw new ContentError(`content/${file}: not valid ${isMarkdown ? "front matter" : "YAML"}: ${(error as Error).message}`);
  }
  const schema = "markdown" in entry ? entry.schema : entry;
  const result = v.safeParse(schema, leaveOutEmpty(schema, data));
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${fieldPath(issue)}: ${reason(issue)}`);
    throw new ContentError(`content/${file} does not fit its schema:\n${lines.join("\n")}`);
  }
  return result.output;
}

/**
 * One entry of a folder of content/ (`readEntry("meta/*.yaml", "about")` is
 * content/meta/about.yaml), or a file with a schema of its own
 * (`readEntry("spotlight/payroll.md")`), checked and typed by its schema: how
 * code outside Astro (tests, scripts) reads what the route files read with
 * `contentEntry`.
 */
export function readEntry<P extends ContentPath & `${string}*${string}`>(pattern: P, id: string, dir?: string): ContentOf<P>;
export function readEntry<P extends ContentPath>(file: P): ContentOf<P>;
export function readEntry(pattern: ContentPath, id?: string, dir = contentDir): unknown {
  const file = id === undefined ? pattern : pattern.replace("*", id);
  return loadContentFile(file, readFileSync(path.join(dir, file), "utf8"), dir);
}

/** Every entry of a folder of content/ in file-name order (`readEntries("tenders/*.yaml")`), as the route files read them with `contentEntries`. */
export function readEntries<P extends ContentPath & `${string}/*.${string}`>(pattern: P, dir = contentDir): ContentOf<P>[] {
  return loadContentFolder(path.join(dir, pattern), dir) as ContentOf<P>[];
}

/**
 * A folder of one file per entry, named as `<folder>/*.yaml` (a path under
 * `dir`): every matching file checked, their data in file-name order.
 */
export function loadContentFolder(pattern: string, dir = contentDir): unknown[] {
  const relative = path.relative(dir, pattern).split(path.sep).join("/");
  const [folder, name] = [path.posix.dirname(relative), path.posix.basename(relative)];
  if (!name.startsWith("*")) throw new ContentError(`content/${relative}: a folder is read as <folder>/*.<extension>`);
  return listContentFiles(dir)
    .filter((file) => path.posix.dirname(file) === folder && file.endsWith(name.slice(1)))
    .map((file) => loadContentFile(file, readFileSync(path.join(dir, file), "utf8"), dir));
}

/** Every content file, relative to `dir` (posix), sorted. */
export function listContentFiles(dir = contentDir): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => extensions.test(file) && file !== "README.md")
    .sort();
}

/** Checks every file under `dir`, so a file no collection reads yet is refused too; all problems in one message. */
export function checkAllContent(dir = contentDir): void {
  const problems: string[] = [];
  for (const file of listContentFiles(dir)) {
    try {
      loadContentFile(file, readFileSync(path.join(dir, file), "utf8"), dir);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
}
