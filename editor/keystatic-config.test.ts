import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { contentFiles } from "../app/data/schemas";
import { editorCollections, editorSingletons } from "./keystatic.config";

// The editor writes the files the build checks: its fields must be the
// schema's. Every field it writes exists in the schema, every field the schema
// requires is one the editor always writes or refuses to save empty, and every
// value in today's files is one the editor keeps when it saves them again.

const root = path.resolve(import.meta.dirname, "..");

type Field = {
  kind: "form" | "object" | "array" | "conditional" | "child";
  formKind?: string;
  fields?: Record<string, Field>;
  element?: Field;
  defaultValue?: () => unknown;
  validate?: (value: unknown, args?: unknown) => unknown;
  serialize?: (value: unknown, args?: unknown) => { value: unknown };
  validation?: { length?: { min?: number } };
};
type Schema = { type: string; entries?: Record<string, Schema>; item?: Schema; wrapped?: Schema; pipe?: { type: string; requirement?: unknown }[] };

const unwrap = (schema: Schema): { schema: Schema; optional: boolean } =>
  schema.type === "optional" || schema.type === "exact_optional" ? { schema: schema.wrapped!, optional: true } : { schema, optional: false };

/** Whether the editor never writes this field empty: it always has a value, or saving empty is refused. */
function alwaysWritten(field: Field): boolean {
  if (field.kind === "array") return (field.validation?.length?.min ?? 0) >= 1;
  if (field.kind === "object") return true;
  let empty: unknown;
  let args: unknown;
  try {
    empty = field.defaultValue!();
  } catch {
    // fields.slug makes its default in the UI only: empty, it is a name and a slug of nothing.
    empty = { name: "", slug: "" };
    args = { slugField: { slugs: new Set(), glob: "*" } };
  }
  try {
    field.validate!(empty, args);
  } catch {
    return true;
  }
  if (field.formKind === "asset") return false;
  return field.serialize!(empty).value !== undefined;
}

/** Every disagreement between an editor field and its schema, by field path. */
function disagreements(field: Field, schema: Schema, at: string): string[] {
  const { schema: inner } = unwrap(schema);
  if (field.kind === "object") {
    if (!inner.entries) return [`${at}: the editor edits an object, the schema is ${inner.type}`];
    const problems: string[] = [];
    for (const [key, child] of Object.entries(field.fields!)) {
      const entry = inner.entries[key];
      if (!entry) problems.push(`${at}${key}: the editor writes it, the schema has no such field`);
      else problems.push(...disagreements(child, entry, `${at}${key}.`));
    }
    for (const [key, entry] of Object.entries(inner.entries)) {
      const child = field.fields![key];
      if (!unwrap(entry).optional && !child) problems.push(`${at}${key}: required by the schema, not in the editor`);
      else if (!unwrap(entry).optional && child && !alwaysWritten(child)) problems.push(`${at}${key}: required by the schema, the editor lets it be saved empty`);
    }
    return problems;
  }
  if (field.kind === "array") {
    if (inner.type !== "array") return [`${at}: the editor edits a list, the schema is ${inner.type}`];
    return disagreements(field.element!, inner.item!, `${at}[].`);
  }
  return [];
}

const asObject = (schema: Record<string, Field>): Field => ({ kind: "object", fields: schema });

/** The schema key (`tenders/*.yaml`) of a file path under content/. */
function schemaKeyOf(file: string): keyof typeof contentFiles {
  const key = Object.keys(contentFiles).find((pattern) => new RegExp(`^${pattern.replace(/\./g, "\\.").replace(/\*/g, "[^/]+")}$`).test(file));
  if (!key) throw new Error(`no schema for content/${file}`);
  return key as keyof typeof contentFiles;
}
const schemaOf = (key: keyof typeof contentFiles) => {
  const entry = contentFiles[key] as unknown as Schema | { schema: Schema };
  return "schema" in entry ? entry.schema : entry;
};

/** What the editor edits: each singleton's file, and each collection's folder (one file per entry). */
const edited = [
  ...Object.entries(editorSingletons).map(([name, item]) => ({ name, files: [`${item.path!.replace(/^content\//, "")}.yaml`], fields: asObject(item.schema as Record<string, Field>) })),
  ...Object.entries(editorCollections).map(([name, item]) => {
    const folder = item.path!.replace(/^content\//, "").replace(/\/\*$/, "");
    const files = readdirSync(path.join(root, "content", folder)).filter((file) => file.endsWith(".yaml")).map((file) => `${folder}/${file}`);
    return { name, files: files.length > 0 ? files : [`${folder}/example.yaml`], fields: asObject(item.schema as Record<string, Field>) };
  }),
];

/** Paths of values the editor would drop or could not show on saving a file again. */
function lostOnSave(value: unknown, field: Field, at: string): string[] {
  if (field.kind === "object") {
    const record = value as Record<string, unknown>;
    return Object.entries(record).flatMap(([key, item]) =>
      field.fields![key] ? lostOnSave(item, field.fields![key]!, `${at}${key}.`) : [`${at}${key} (not in the editor)`],
    );
  }
  if (field.kind === "array") return (value as unknown[]).flatMap((item, index) => lostOnSave(item, field.element!, `${at}${index}.`));
  // An empty text is not written back by the editor (it means "absent" there).
  return value === "" ? [`${at.slice(0, -1)} is "" (the editor saves it as absent)`] : [];
}

describe("the content editor's configuration", () => {
  it.each(edited)("$name: every field it writes is in the schema, and every required one is always written", ({ files, fields }) => {
    for (const file of files) expect(disagreements(fields, schemaOf(schemaKeyOf(file)), ""), file).toEqual([]);
  });

  it.each(edited)("$name: saving today's files again keeps every value, and they fit the schema", ({ files, fields }) => {
    for (const file of files) {
      const full = path.join(root, "content", file);
      let data: unknown;
      try {
        data = parse(readFileSync(full, "utf8"));
      } catch {
        continue; // a collection without entries yet
      }
      expect(lostOnSave(data, fields, ""), file).toEqual([]);
      expect(v.safeParse(schemaOf(schemaKeyOf(file)) as unknown as v.GenericSchema, data).success, file).toBe(true);
    }
  });

  it("finds a disagreement when there is one", () => {
    const schema = v.strictObject({ title: v.string(), note: v.optional(v.string()) }) as unknown as Schema;
    const textField = (required: boolean): Field => ({
      kind: "form",
      defaultValue: () => "",
      validate: (value) => {
        if (required && value === "") throw new Error("required");
        return value;
      },
      serialize: (value) => ({ value: value === "" ? undefined : value }),
    });
    expect(disagreements(asObject({ title: textField(true), extra: textField(false) }), schema, "")).toEqual(["extra: the editor writes it, the schema has no such field"]);
    expect(disagreements(asObject({ title: textField(false) }), schema, "")).toEqual(["title: required by the schema, the editor lets it be saved empty"]);
    expect(disagreements(asObject({ note: textField(false) }), schema, "")).toEqual(["title: required by the schema, not in the editor"]);
    expect(lostOnSave({ title: "" }, asObject({ title: textField(false) }), "")).toEqual(['title is "" (the editor saves it as absent)']);
  });
});
