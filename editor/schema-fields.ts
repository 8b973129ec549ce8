// The editor's fields, derived from the build's schemas: every entry of the
// registry (app/data/schemas/index.ts) becomes a Keystatic singleton (one
// file) or collection (`folder/*`, one file per entry), its fields walked out
// of the entry's valibot schema. There is no second description of a content
// file to keep equal to the first: a field added to a schema is in the editor.
// What valibot checks and Keystatic can say (required, lengths, a pattern, a
// list's minimum) is checked as the owner types; the rest (a `check`, a
// `transform`) is checked by the server when the owner saves
// (server/editor/content-plugin.ts), against the same schema.
import { collection, fields, singleton, type ComponentSchema } from "@keystatic/core";
import type { ContentEntry } from "../app/data/schemas/index.ts";
import type { SchemaNode as Node } from "../app/data/schemas/schema-node.ts";
import { paths } from "../contract/paths.ts";
import { UPLOADS_PUBLIC_PATH } from "../contract/uploads.ts";

/** Where uploaded pictures go; the server makes their AVIF/WebP sizes (server/editor/images.ts). */
export const UPLOADS_DIRECTORY = "public/media/uploads";

/** The valibot metadata (`v.metadata({ editor: "image" })`) that makes a string an uploaded picture's address. */
export const IMAGE_METADATA = { editor: "image" } as const;

/** The key under which a Markdown file's body is edited (its `##` sections, in the schema's `sections`). */
export const BODY_FIELD = "body";
const SECTIONS_KEY = "sections";

/** A schema the editor cannot offer as a field, named by its place in the file. */
export class UnsupportedSchema extends Error {
  override name = "UnsupportedSchema";
}

/** Pipe actions that only check or reshape a value: the server's check on save enforces them. */
const CHECKED_ON_SAVE = new Set(["check", "transform", "trim", "email"]);
/** Pipe actions turned into Keystatic validation or read for labels. */
const EXPRESSED = new Set(["non_empty", "min_length", "max_length", "regex", "integer", "min_value", "max_value", "iso_date", "title", "description", "metadata"]);

/** Keys whose text is sentences rather than a label: edited in a text area. */
const LONG_TEXT = new Set(["text", "quote", "answer", "intro", "description", "subtitle", "scope", "detail", "note", "subheadline", "headline"]);
/** Words a humanised key writes in capitals. */
const ACRONYMS: Record<string, string> = { uk: "UK", gbp: "GBP", faq: "FAQ", faqs: "FAQs", cta: "CTA", usa: "USA", uae: "UAE" };

/** `carouselLabel` → "Carousel label", `faqs` → "FAQs", `privacy-policy` → "Privacy policy". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const sentence = words.join(" ");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const camel = (words: readonly string[]) => words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join("").replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

/** A schema's whole pipe, nested pipes flattened: the base schema first, then every action. */
function flatten(schema: Node): Node[] {
  if (!schema.pipe) return [schema];
  const [base, ...actions] = schema.pipe;
  return [...(base === schema ? [schema] : flatten(base!)), ...actions];
}

interface Read {
  base: Node;
  optional: boolean;
  actions: Node[];
  label?: string;
  description?: string;
  metadata: Record<string, unknown>;
}

/** The schema under `optional` and its pipes, with the actions that matter to a field. */
function read(schema: Node, at: string): Read {
  let optional = false;
  let node = schema;
  const outer: Node[] = [];
  for (;;) {
    const [base, ...actions] = flatten(node);
    outer.push(...actions);
    if (base!.type === "optional" || base!.type === "exact_optional") {
      optional = true;
      node = base!.wrapped!;
      continue;
    }
    node = base!;
    break;
  }
  for (const action of outer) {
    if (!EXPRESSED.has(action.type) && !CHECKED_ON_SAVE.has(action.type)) {
      throw new UnsupportedSchema(`${at}: the editor has no field for valibot's "${action.type}" action (editor/schema-fields.ts lists what it derives)`);
    }
  }
  const title = outer.find((action) => action.type === "title")?.title;
  const description = outer.find((action) => action.type === "description")?.description;
  const metadata = Object.assign({}, ...outer.filter((action) => action.type === "metadata").map((action) => action.metadata));
  return { base: node, optional, actions: outer, label: title, description, metadata };
}

const requirement = (actions: Node[], type: string) => actions.find((action) => action.type === type)?.requirement;

/** Keystatic's pattern message: valibot's own when it is a sentence, after the field's label. */
function patternMessage(label: string, message: unknown): string | undefined {
  return typeof message === "string" ? `${label} ${message}` : undefined;
}

/** Keystatic tests a pattern on an empty text too: an optional one may also be left empty (and is then not written). */
const orEmpty = (regex: RegExp) => new RegExp(`^$|(?:${regex.source})`, regex.flags);

/** Keys that name an item briefly, in order of preference, to name a list's rows by. */
const NAMING_KEYS = ["label", "title", "name", "author", "question", "term", "heading"];

/** A text field: its empty value is a string, and it is no choice. */
const isText = (field: ComponentSchema) => field.kind === "form" && field.formKind !== "asset" && typeof field.defaultValue() === "string" && !("options" in field);

/** A list's rows are named by their item's naming text ("I'm a Freelancer", "Sarah"), else its first text. */
function itemLabel(element: ComponentSchema) {
  if (element.kind === "form") return (props: { value: unknown }) => (typeof props.value === "string" && props.value) || "New item";
  if (element.kind !== "object") return undefined;
  const texts = Object.entries(element.fields).filter(([, field]) => isText(field)).map(([key]) => key);
  const named = NAMING_KEYS.find((key) => texts.includes(key)) ?? texts[0];
  if (!named) return undefined;
  return (props: { fields: Record<string, { value: unknown }> }) => {
    const value = props.fields[named]?.value;
    const text = typeof value === "string" ? value : typeof value === "object" && value !== null && "name" in value ? String((value as { name: unknown }).name) : "";
    return text || "New item";
  };
}

/** A field whose empty value is not written: Keystatic leaves out a key whose value serialises to undefined. */
function leaveOutWhen<F extends ComponentSchema>(field: F, empty: (value: unknown) => boolean): F {
  if (field.kind !== "form") return field;
  const serialize = field.serialize as (value: unknown, ...rest: unknown[]) => { value: unknown };
  return { ...field, serialize: (value: unknown, ...rest: unknown[]) => (empty(value) ? { value: undefined } : serialize(value, ...rest)) } as F;
}

/**
 * The Keystatic field for one valibot schema; `at` is its place in the file,
 * for the message when there is none. Keystatic checks a required field
 * wherever it is, so inside an optional object or list (`within`) nothing is
 * required as the owner types: left all empty, the object is left out
 * (server/editor/content-save.ts), and filled in, the server checks it whole.
 */
export function fieldFor(schema: unknown, key: string, at: string, within: "required" | "optional" = "required"): ComponentSchema {
  const { base, optional: own, actions, label: title, description, metadata } = read(schema as Node, at);
  const optional = own || within === "optional";
  const inner = optional ? "optional" : "required";
  const label = title ?? humanise(key);
  const common = { label, ...(description ? { description } : {}) };
  switch (base.type) {
    case "object":
    case "strict_object":
      return fields.object(
        Object.fromEntries(Object.entries(base.entries!).map(([child, entry]) => [child, fieldFor(entry, child, `${at}.${child}`, inner)])),
        common,
      );
    case "array":
    case "tuple":
    case "strict_tuple":
    case "tuple_with_rest": {
      const items = base.type === "array" ? [] : base.items!;
      const element = base.type === "array" ? base.item! : (base.rest ?? items[0]);
      if (!element) throw new UnsupportedSchema(`${at}: an empty tuple is no list the editor can offer`);
      // A tuple is a list whose first items have the same shape as the rest: a list with a minimum length.
      if (items.some((item) => item !== element)) throw new UnsupportedSchema(`${at}: a tuple whose items differ in shape is no list the editor can offer`);
      // An item of a list is the owner's to fill in: required inside it is required.
      const elementField = fieldFor(element, key, `${at}[]`);
      const min = optional ? 0 : Math.max(items.length, Number(requirement(actions, "min_length") ?? 0), actions.some((action) => action.type === "non_empty") ? 1 : 0);
      const max = base.type === "tuple_with_rest" || base.type === "array" ? (requirement(actions, "max_length") as number | undefined) : items.length;
      const length = { ...(min > 0 ? { min } : {}), ...(max !== undefined ? { max } : {}) };
      return fields.array(elementField, {
        ...common,
        itemLabel: itemLabel(elementField) as never,
        ...(Object.keys(length).length > 0 ? { validation: { length } } : {}),
      });
    }
    case "string": {
      if (metadata.editor === IMAGE_METADATA.editor) {
        return fields.image({ ...common, directory: UPLOADS_DIRECTORY, publicPath: UPLOADS_PUBLIC_PATH, validation: { isRequired: !optional } });
      }
      if (actions.some((action) => action.type === "iso_date")) {
        return leaveOutWhen(fields.date({ ...common, validation: { isRequired: !optional } }), (value) => value === null);
      }
      const regex = actions.find((action) => action.type === "regex");
      // Keystatic tests a minimum length on an empty text too: an optional text has none.
      const min = optional ? 0 : Math.max(Number(requirement(actions, "min_length") ?? 0), actions.some((action) => action.type === "non_empty") ? 1 : 0);
      const max = requirement(actions, "max_length") as number | undefined;
      return fields.text({
        ...common,
        multiline: LONG_TEXT.has(key),
        validation: {
          isRequired: min > 0,
          ...(min > 0 || max !== undefined ? { length: { ...(min > 0 ? { min } : {}), ...(max !== undefined ? { max } : {}) } } : {}),
          ...(regex ? { pattern: { regex: optional ? orEmpty(regex.requirement as RegExp) : (regex.requirement as RegExp), message: patternMessage(label, regex.message) } } : {}),
        },
      });
    }
    case "picklist": {
      const options = (base.options as string[]).map((value) => ({ label: value, value }));
      if (!optional) return fields.select({ ...common, options, defaultValue: options[0]!.value });
      // Left at "(none)", the key is not written: the schema's optional means absent, not empty.
      return leaveOutWhen(fields.select({ ...common, options: [{ label: "(none)", value: "" }, ...options], defaultValue: "" }), (value) => value === "");
    }
    case "number": {
      const validation = {
        isRequired: !optional,
        ...(requirement(actions, "min_value") !== undefined ? { min: requirement(actions, "min_value") as number } : {}),
        ...(requirement(actions, "max_value") !== undefined ? { max: requirement(actions, "max_value") as number } : {}),
      };
      return actions.some((action) => action.type === "integer")
        ? (fields.integer({ ...common, validation }) as ComponentSchema)
        : (fields.number({ ...common, validation }) as ComponentSchema);
    }
    case "boolean": {
      const checkbox = fields.checkbox({ ...common, defaultValue: false });
      // An optional flag left unticked is left out, as the files write it.
      return optional ? leaveOutWhen(checkbox, (value) => value === false) : checkbox;
    }
    default:
      throw new UnsupportedSchema(`${at}: the editor has no field for a valibot "${base.type}" (editor/schema-fields.ts lists the shapes it derives)`);
  }
}

/** The Markdown body's editor: what scripts/build/content-markdown.ts accepts, `##` sections of paragraphs, lists and bold terms with links. */
const markdownBody = () =>
  fields.markdoc({
    label: "Page text",
    description: "## starts a section; - starts a list item; a list item that begins with a bold term is a term and its detail",
    extension: "md",
    options: {
      heading: [2],
      bold: true,
      link: true,
      unorderedList: true,
      italic: false,
      strikethrough: false,
      code: false,
      blockquote: false,
      orderedList: false,
      table: false,
      image: false,
      divider: false,
      codeBlock: false,
    },
  });

/** One registry entry as Keystatic sees it. */
export interface EditorEntry {
  /** The Keystatic key: the path's words in camelCase (`home/hero.yaml` → homeHero, `tenders/*.yaml` → tenders). */
  key: string;
  kind: "singleton" | "collection";
  /** The registry's path (`tenders/*.yaml`). */
  contentPath: string;
  /** The page it shows on, by its key in contract/paths.ts, if its path names one. */
  page?: PageKey;
  label: string;
  /** The navigation group: the page's name, or "Across the site". */
  group: string;
}

export const SHARED_GROUP = "Across the site";

/** The site's pages by key, with their address; only plain paths (not the service category's function). */
type PageKey = keyof typeof paths;
const pages = (Object.entries(paths) as [PageKey, unknown][]).filter(([, address]) => typeof address === "string").map(([key]) => key);

/**
 * The page a content path shows on: the longest run of its words that names a
 * page in contract/paths.ts (`spotlight/agencies` → spotlightAgencies,
 * `testimonials/home` → home), else a page whose name ends with it (`tenders` → spotlightTenders).
 */
export function pageOf(words: readonly string[]): PageKey | undefined {
  for (let size = words.length; size > 0; size -= 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      const name = camel(words.slice(start, start + size));
      const exact = pages.find((key) => key === name);
      if (exact) return exact;
    }
  }
  for (const word of words) {
    const ending = camel([word]).replace(/^\w/, (c) => c.toUpperCase());
    const found = pages.find((key) => key.endsWith(ending) && key !== ending);
    if (found) return found;
  }
  return undefined;
}

function describeEntry(contentPath: string): EditorEntry {
  const match = /^((?:[a-z0-9-]+\/)*)([a-z0-9-]+|\*)\.(yaml|md)$/.exec(contentPath);
  if (!match) throw new UnsupportedSchema(`${contentPath}: the editor offers files named folder/name.yaml, folder/name.md or folder/*.<ext>, lowercase words and -`);
  const folders = match[1]!.split("/").filter(Boolean);
  const kind = match[2] === "*" ? "collection" : "singleton";
  const words = [...folders, ...(kind === "singleton" && match[2] !== "index" ? [match[2]!] : [])];
  if (words.length === 0) throw new UnsupportedSchema(`${contentPath}: a folder of files at the top of content/ has no name to offer it by`);
  const page = pageOf(words);
  const pageWords = page ? words.filter((word) => !page.toLowerCase().includes(word.replace(/-/g, ""))) : words;
  const group = page ? humanise(page) : SHARED_GROUP;
  const label = kind === "collection" ? humanise(folders.join(" ")) : pageWords.length > 0 ? humanise(pageWords.join(" ")) : `${humanise(page!)} page`;
  return { key: camel(words), kind, contentPath, ...(page ? { page } : {}), label, group };
}

/** The Keystatic fields of one registry entry: its schema's, with a Markdown body in place of its sections. */
export function entryFields(contentPath: string, entry: ContentEntry): { fields: Record<string, ComponentSchema>; label?: string; markdown: boolean } {
  const markdown = "markdown" in entry;
  const schema = read((markdown ? entry.schema : entry) as unknown as Node, contentPath);
  if (schema.base.type !== "strict_object" && schema.base.type !== "object") throw new UnsupportedSchema(`${contentPath}: a file's schema must be an object, not ${schema.base.type}`);
  const derived: Record<string, ComponentSchema> = {};
  for (const [key, child] of Object.entries(schema.base.entries!)) {
    if (markdown && key === SECTIONS_KEY) continue;
    if (markdown && key === BODY_FIELD) throw new UnsupportedSchema(`${contentPath}.${key}: the editor keeps this name for the Markdown body`);
    derived[key] = fieldFor(child, key, `${contentPath}: ${key}`);
  }
  if (markdown) derived[BODY_FIELD] = markdownBody();
  return { fields: derived, label: schema.label, markdown };
}

/**
 * The first required text of a collection's schema: its entries' names, from
 * which Keystatic names their files (the same text is written in the file).
 */
function slugFieldOf(contentPath: string, entry: ContentEntry): ComponentSchema & { key: string } {
  const schema = read(("markdown" in entry ? entry.schema : entry) as unknown as Node, contentPath);
  for (const [key, child] of Object.entries(schema.base.entries ?? {})) {
    const { base, optional, actions, label, metadata } = read(child, `${contentPath}: ${key}`);
    const required = actions.some((action) => action.type === "non_empty" || (action.type === "min_length" && Number(action.requirement) > 0));
    if (base.type !== "string" || optional || !required || metadata.editor || actions.some((action) => action.type === "iso_date" || action.type === "regex")) continue;
    return Object.assign(fields.slug({ name: { label: label ?? humanise(key), validation: { isRequired: true } } }), { key });
  }
  throw new UnsupportedSchema(`${contentPath}: a folder of files needs a required text field to name its entries by`);
}

/** Every registry entry as Keystatic collections and singletons, with where each shows. */
export function deriveEditor(registry: Record<string, ContentEntry>) {
  const entries = Object.keys(registry).map(describeEntry);
  const collections: Record<string, ReturnType<typeof collection>> = {};
  const singletons: Record<string, ReturnType<typeof singleton>> = {};
  for (const described of entries) {
    if (collections[described.key] || singletons[described.key]) throw new UnsupportedSchema(`${described.contentPath}: its name, ${described.key}, is another entry's too`);
    const { fields: derived, label, markdown } = entryFields(described.contentPath, registry[described.contentPath]!);
    described.label = label ?? described.label;
    const base = `content/${described.contentPath.replace(/\.(yaml|md)$/, "")}`;
    const format = markdown ? { contentField: BODY_FIELD } : { data: "yaml" as const };
    if (described.kind === "collection") {
      const { key: slugField, ...slug } = slugFieldOf(described.contentPath, registry[described.contentPath]!);
      derived[slugField] = slug as ComponentSchema;
      collections[described.key] = collection({ label: described.label, path: `${base}` as `${string}/*`, slugField: slugField as never, format, columns: [slugField] as never, schema: derived });
    } else {
      singletons[described.key] = singleton({ label: described.label, path: base, format, schema: derived });
    }
  }
  const navigation: Record<string, string[]> = {};
  for (const described of [...entries].sort((a, b) => Number(a.group === SHARED_GROUP) - Number(b.group === SHARED_GROUP))) {
    (navigation[described.group] ??= []).push(described.key);
  }
  const previewPaths = Object.fromEntries(entries.filter((item) => item.page).map((item) => [item.key, paths[item.page!] as string]));
  return { entries, collections, singletons, navigation, previewPaths };
}
