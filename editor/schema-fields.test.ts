import { readFileSync } from "node:fs";
import path from "node:path";
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { parse, stringify } from "yaml";
import { contentFiles } from "../app/data/schemas";
import { contentDir, entryFor, listContentFiles } from "../scripts/build/content-files";
import { markdownSections, splitFrontMatter } from "../scripts/build/content-markdown";
import { checkContentSave } from "../server/editor/content-save";
import { editorPaths } from "../server/editor/editor-paths";
import { editorConfig, editorEntries } from "./keystatic.config";
import { BODY_FIELD, deriveEditor, fieldFor, humanise } from "./schema-fields";

// Keystatic's Node build leaves out the rich-text editor a Markdown body is
// parsed into; its browser build, which the editor runs, has it.
vi.mock("@keystatic/core", async () => await import("../node_modules/@keystatic/core/dist/keystatic-core.js"));

// The editor's fields are derived from the build's schemas: every file the
// registry lists is offered, every file in content/ comes back unchanged when
// the editor saves it as it is, and a schema the derivation cannot offer stops
// it, naming where.

/** A Keystatic field, as far as these tests read it. */
type Field = {
  kind: "form" | "object" | "array";
  formKind?: "slug" | "asset" | "content";
  label?: string;
  fields?: Record<string, Field>;
  element?: Field;
  options?: { value: string }[];
  multiline?: boolean;
  contentExtension?: string;
  validation?: { length?: { min?: number; max?: number } };
  defaultValue(): unknown;
  parse(value: unknown, args?: unknown): unknown;
  serialize(value: unknown, args?: unknown): { value?: unknown; content?: Uint8Array };
  serializeWithSlug(value: unknown): { value: unknown; slug: string };
  validate(value: unknown, args?: unknown): unknown;
};

/**
 * What the editor does to a file it opens and saves untouched, as Keystatic
 * does it (parse each field, check it, serialise it; a key whose value
 * serialises to nothing is left out); returns the data it writes.
 */
function throughEditor(field: Field, value: unknown, at: string, slug?: { field: string; slug: string }): unknown {
  if (field.kind === "object") {
    const record = (value ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!field.fields![key]) throw new Error(`${at}${key}: not a field of the editor`);
    const out = Object.entries(field.fields!).map(([key, child]) =>
      // A collection's name field holds the entry's name; its file's name is the slug.
      at === "" && key === slug?.field ? [key, throughSlug(child, record[key], slug.slug)] : [key, throughEditor(child, record[key], `${at}${key}.`)],
    );
    return Object.fromEntries(out.filter(([, item]) => item !== undefined));
  }
  if (field.kind === "array") {
    const list = (value ?? []) as unknown[];
    const { min = 0, max = Infinity } = field.validation?.length ?? {};
    if (list.length < min || list.length > max) throw new Error(`${at.slice(0, -1)}: ${list.length} items, the editor allows ${min} to ${max}`);
    return list.map((item, index) => throughEditor(field.element!, item, `${at}${index}.`));
  }
  const parsed = field.parse(value);
  try {
    field.validate(parsed);
  } catch (error) {
    throw new Error(`${at.slice(0, -1)}: the editor refuses ${JSON.stringify(value)}: ${(error as Error).message}`, { cause: error });
  }
  return field.serialize(parsed).value;
}

function throughSlug(field: Field, value: unknown, slug: string): unknown {
  const parsed = field.parse(value, { slug });
  field.validate(parsed, { slugField: { slugs: new Set(), glob: "*" } });
  expect(field.serializeWithSlug(parsed).slug).toBe(slug);
  return field.serializeWithSlug(parsed).value;
}

/** A Markdown body through the editor's rich-text field: what it writes back. */
function bodyThroughEditor(field: Field, body: string): string {
  const parsed = field.parse(undefined, { content: new TextEncoder().encode(body), other: new Map(), external: new Map(), slug: undefined });
  return new TextDecoder().decode(field.serialize(parsed, { slug: undefined }).content);
}

const keyOf = (contentPath: string) => editorEntries.find((entry) => entry.contentPath === contentPath)!;
const config = editorConfig() as unknown as {
  singletons: Record<string, { path: string; schema: Record<string, Field> }>;
  collections: Record<string, { path: string; slugField: string; schema: Record<string, Field> }>;
};

describe("the editor's fields, derived from the build's schemas", () => {
  it("offers every file the registry lists: a folder of files as a collection, a single file as a singleton, each under its page's name", () => {
    expect(editorEntries.map((entry) => entry.contentPath).sort()).toEqual(Object.keys(contentFiles).sort());
    for (const entry of editorEntries) {
      const item = entry.kind === "collection" ? config.collections[entry.key] : config.singletons[entry.key];
      expect(item?.path, entry.contentPath).toBe(`content/${entry.contentPath.replace(/\.(yaml|md)$/, "")}`);
      expect(entry.contentPath.includes("*"), entry.contentPath).toBe(entry.kind === "collection");
    }
    const navigation = (editorConfig() as unknown as { ui: { navigation: Record<string, string[]> } }).ui.navigation;
    expect(Object.values(navigation).flat().sort()).toEqual(editorEntries.map((entry) => entry.key).sort());
    expect(navigation.Home).toEqual(expect.arrayContaining([keyOf("home/hero.yaml").key, keyOf("testimonials/home.yaml").key, keyOf("pages/home.yaml").key]));
    expect(navigation.Agencies).toContain(keyOf("testimonials/agencies.yaml").key);
    expect(navigation["Spotlight tenders"]).toEqual([keyOf("tenders/*.yaml").key, keyOf("pages/tenders.yaml").key]);
  });

  it("lets the editor read and write every file in content/, and nothing else", () => {
    const allowed = editorPaths(editorConfig());
    for (const file of listContentFiles()) expect(allowed.check(`content/${file}`).ok, file).toBe(true);
  });

  it.each(listContentFiles())("%s comes back unchanged when the owner saves it untouched", (file) => {
    const source = readFileSync(path.join(contentDir, file), "utf8");
    const entry = editorEntries.find((item) => item.contentPath === Object.keys(contentFiles).find((pattern) => entryFor(file) === contentFiles[pattern as keyof typeof contentFiles]))!;
    const item: { schema: Record<string, Field>; slugField?: string } = entry.kind === "collection" ? config.collections[entry.key]! : config.singletons[entry.key]!;
    const slug = item.slugField ? { field: item.slugField, slug: path.posix.basename(file).replace(/\.\w+$/, "") } : undefined;
    const fields = Object.fromEntries(Object.entries(item.schema).filter(([key]) => !(file.endsWith(".md") && key === BODY_FIELD)));
    let saved: string;
    if (file.endsWith(".md")) {
      const { data, body } = splitFrontMatter(source);
      const front = throughEditor({ kind: "object", fields } as Field, data, "", slug);
      const writtenBody = bodyThroughEditor(item.schema[BODY_FIELD]!, body);
      // The build reads the same sections from what the editor writes.
      expect(markdownSections(writtenBody)).toEqual(markdownSections(body));
      saved = `---\n${stringify(front)}---\n${writtenBody}`;
    } else {
      saved = stringify(throughEditor({ kind: "object", fields } as Field, parse(source), "", slug));
    }
    // The server's save: the same data, the file as it was, comments and all.
    expect(checkContentSave(file, saved, source, contentDir)).toEqual({ ok: true, contents: source });
  });

  it("labels a field by its v.title, else by its key in words; offers a picture, a date, a list, a choice and a number as such", () => {
    expect(humanise("carouselLabel")).toBe("Carousel label");
    expect(humanise("ukWorkforce")).toBe("UK workforce");
    expect(humanise("privacy-policy")).toBe("Privacy policy");
    const items = config.singletons[keyOf("testimonials/home.yaml").key]!.schema.items as Field & { itemLabel(props: unknown): string };
    // A list's rows are named by a short text of the item: a testimonial by its author, not its quote.
    expect(items.itemLabel({ fields: { quote: { value: "It worked." }, author: { value: "Sarah" }, role: { value: "" }, avatar: { value: null } } })).toBe("Sarah");
    const testimonial = items.element!.fields! as Record<string, Field>;
    expect(testimonial.avatar).toMatchObject({ kind: "form", formKind: "asset", label: "Photo" });
    expect(testimonial.quote).toMatchObject({ label: "Quote" });
    expect(() => testimonial.quote!.validate("")).toThrow(/Quote must not be empty/);
    // An optional text may be left empty; it is then not written.
    expect(testimonial.role!.serialize(testimonial.role!.validate("")).value).toBeUndefined();
    const tender = config.collections[keyOf("tenders/*.yaml").key]!;
    expect(tender.slugField).toBe("title");
    expect(tender.schema.icon!.options!.map((option) => option.value)).toContain("building");
    expect(() => tender.schema.order!.validate(null)).toThrow();
    const legal = config.collections[keyOf("legal/*.md").key]!.schema;
    expect(legal.lastUpdated!.parse("2026-11-25")).toBe("2026-11-25");
    expect(legal[BODY_FIELD]).toMatchObject({ formKind: "content", contentExtension: ".md" });
    expect(config.singletons[keyOf("home/hero.yaml").key]!.schema.actions!.validation).toEqual({ length: { min: 1 } });
  });

  it("checks as the owner types what valibot checks and Keystatic can say: required, lists' minimum, links' pattern", () => {
    const button = fieldFor(contentFiles["home/hero.yaml"].entries.actions, "actions", "home/hero.yaml: actions") as unknown as Field;
    const { label, href, variant, external } = button.element!.fields!;
    expect(() => label!.validate("")).toThrow(/must not be empty/);
    expect(() => href!.validate("/no-such-page")).toThrow("Link is neither one of the site's paths (contract/paths.ts) nor an https:// address");
    expect(href!.validate("/services/payroll#faq")).toBe("/services/payroll#faq");
    expect(href!.validate("https://www.gov.uk/ir35")).toBe("https://www.gov.uk/ir35");
    // Optional choices and flags left alone are not written, as the files leave them out.
    expect(variant!.serialize(variant!.defaultValue()).value).toBeUndefined();
    expect(external!.serialize(false).value).toBeUndefined();
    // An optional link may be left empty.
    const card = fieldFor(v.strictObject({ href: v.optional(contentFiles["home/hero.yaml"].entries.actions.pipe[0].item.entries.href) }), "card", "x") as unknown as Field;
    expect(card.fields!.href!.validate("")).toBe("");
  });

  it("stops on a schema it cannot offer, naming the file and the field", () => {
    const derive = (schema: v.GenericSchema) => () => deriveEditor({ "pages/example.yaml": schema });
    expect(derive(v.strictObject({ hero: v.strictObject({ blocks: v.array(v.union([v.string(), v.number()])) }) }))).toThrow(/^pages\/example\.yaml: hero\.blocks\[\]: the editor has no field for a valibot "union"/);
    expect(derive(v.strictObject({ contact: v.pipe(v.string(), v.url()) }))).toThrow(/pages\/example\.yaml: contact: the editor has no field for valibot's "url" action/);
    expect(derive(v.strictObject({ pair: v.tuple([v.string(), v.number()]) }))).toThrow(/pages\/example\.yaml: pair: a tuple whose items differ/);
    expect(derive(v.array(v.string()))).toThrow(/pages\/example\.yaml: a file's schema must be an object/);
    expect(() => deriveEditor({ "Pages/Example.yml": v.strictObject({}) })).toThrow(/Pages\/Example\.yml: the editor offers files named/);
    expect(() => deriveEditor({ "people/*.yaml": v.strictObject({ age: v.number() }) })).toThrow(/people\/\*\.yaml: a folder of files needs a required text field/);
  });

  it("covers a new file without code of its own: a page's sections, titled", () => {
    const { singletons, navigation, previewPaths } = deriveEditor({
      "pages/freelancers.yaml": v.strictObject({
        intro: v.pipe(v.strictObject({ heading: v.pipe(v.string(), v.nonEmpty()), steps: v.pipe(v.array(v.strictObject({ title: v.string(), text: v.optional(v.string()) })), v.minLength(2)) }), v.title("Opening")),
      }),
    });
    const page = singletons.pagesFreelancers as unknown as { label: string; path: string; schema: Record<string, Field> };
    expect([page.label, page.path]).toEqual(["Pages", "content/pages/freelancers"]);
    expect(page.schema.intro).toMatchObject({ kind: "object", label: "Opening" });
    expect(page.schema.intro!.fields!.steps!.validation).toEqual({ length: { min: 2 } });
    expect(navigation).toEqual({ Freelancers: ["pagesFreelancers"] });
    expect(previewPaths).toEqual({ pagesFreelancers: "/freelancers" });
  });
});
