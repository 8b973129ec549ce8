import { isDeepStrictEqual } from "node:util";
import { isMap, isScalar, isSeq, parseDocument, stringify, type Document, type Node as YamlNode } from "yaml";
import { ContentError, entryFor, leaveOutEmpty, loadContentFile } from "../../scripts/build/content-files";
import { FRONT_MATTER } from "../../scripts/build/content-markdown";

export { leaveOutEmpty };

// A content file as the editor saves it, made the file the build reads: what
// an optional field left empty is left out (Keystatic writes an empty object
// or list for it), the file's comments and layout are kept where its values
// are, and the whole file is checked against its schema exactly as the build
// checks it (scripts/build/content-files.ts), so a save the build would refuse is
// refused now, naming the field, and nothing is written.

export type CheckedSave = { ok: true; contents: string } | { ok: false; message: string };

/** The width content/'s files are folded at; a save that changes their shape folds them again to it. */
const LINE_WIDTH = 88;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A YAML text's data; throws on the first error the parser finds. */
function parseYaml(text: string): unknown {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) throw doc.errors[0]!;
  return doc.toJS();
}

/** `value` written into the document's `node`, keeping the comments and the style of what stays. */
function merge(doc: Document, node: unknown, value: unknown): unknown {
  if (isMap(node) && isRecord(value)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key !== "string" || !Object.hasOwn(value, key)) node.delete(pair.key);
    }
    for (const [key, item] of Object.entries(value)) {
      const pair = node.items.find((candidate) => (isScalar(candidate.key) ? candidate.key.value : candidate.key) === key);
      if (pair) pair.value = merge(doc, pair.value, item);
      else node.set(key, doc.createNode(item));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = value.map((item, index) => (index < node.items.length ? merge(doc, node.items[index], item) : doc.createNode(item))) as typeof node.items;
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== "object")) {
    if (node.value !== value) node.value = value;
    return node;
  }
  return doc.createNode(value);
}

/**
 * The places of the values that changed, where only values did (no key or
 * item added or removed): each scalar's range in the text and its new value.
 * Undefined when the shape changed.
 */
function changedScalars(node: unknown, value: unknown, into: { range: [number, number]; value: unknown }[] = []): typeof into | undefined {
  if (isMap(node) && isRecord(value)) {
    const keys = node.items.map((pair) => (isScalar(pair.key) ? pair.key.value : undefined));
    if (keys.length !== Object.keys(value).length || !keys.every((key) => typeof key === "string" && Object.hasOwn(value, key))) return undefined;
    for (const pair of node.items) if (!changedScalars(pair.value, value[(pair.key as { value: string }).value], into)) return undefined;
    return into;
  }
  if (isSeq(node) && Array.isArray(value)) {
    if (node.items.length !== value.length) return undefined;
    for (const [index, item] of node.items.entries()) if (!changedScalars(item, value[index], into)) return undefined;
    return into;
  }
  if (isScalar(node) && node.range && (value === null || typeof value !== "object")) {
    if (node.value !== value) into.push({ range: [node.range[0], node.range[1]], value });
    return into;
  }
  return undefined;
}

/** The YAML of `data`, written into the previous file's YAML where there is one. */
function yamlOf(data: unknown, previous: string | undefined): string {
  const doc = previous === undefined ? undefined : parseDocument(previous);
  if (!doc || doc.errors.length > 0 || !isMap(doc.contents)) return stringify(data, { lineWidth: LINE_WIDTH });
  // Unchanged, the file stays as it was to the byte.
  if (isDeepStrictEqual(doc.toJS(), data)) return previous!;
  // Only values changed (the owner's usual edit): each is written in its place, on one line, and
  // every other byte stays; the result is read back to prove it says what was saved.
  const changes = changedScalars(doc.contents, data);
  if (changes) {
    let text = previous!;
    for (const { range, value } of changes.sort((a, b) => b.range[0] - a.range[0])) {
      const block = /^[|>]/.test(text.slice(range[0], range[1]));
      text = text.slice(0, range[0]) + stringify(value, { lineWidth: 0 }).trimEnd() + (block ? "\n" : "") + text.slice(range[1]);
    }
    const reread = parseDocument(text);
    if (reread.errors.length === 0 && isDeepStrictEqual(reread.toJS(), data)) return text;
  }
  doc.contents = merge(doc, doc.contents, data) as YamlNode as typeof doc.contents;
  return doc.toString({ lineWidth: LINE_WIDTH });
}

/**
 * Checks and tidies one content file of a save. `file` is its path under
 * content/ (posix), `contents` what Keystatic wrote, `previous` the file as
 * it is, if it exists, and `dir` the content folder (for the figures a file names).
 */
export function checkContentSave(file: string, contents: string, previous: string | undefined, dir: string): CheckedSave {
  const entry = entryFor(file);
  if (!entry) return { ok: false, message: `content/${file}: no schema for this file` };
  const schema = "markdown" in entry ? entry.schema : entry;
  let written: string;
  try {
    if ("markdown" in entry) {
      const match = FRONT_MATTER.exec(contents);
      if (!match) return { ok: false, message: `content/${file}: must begin with front matter between two --- lines` };
      const front = leaveOutEmpty(schema, parseYaml(match[1] ?? ""));
      const before = previous === undefined ? undefined : FRONT_MATTER.exec(previous)?.[1];
      const body = contents.slice(match[0].length).replace(/^(\r?\n)+/, "");
      const yaml = yamlOf(front, before);
      written = `---\n${yaml.endsWith("\n") ? yaml : `${yaml}\n`}---\n\n${body}`;
    } else {
      written = yamlOf(leaveOutEmpty(schema, parseYaml(contents)), previous);
    }
  } catch (error) {
    return { ok: false, message: `content/${file}: not valid YAML: ${(error as Error).message}` };
  }
  try {
    loadContentFile(file, written, dir);
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, contents: written };
}

