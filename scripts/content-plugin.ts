// The site's content files (content/*.yaml, content/*.md) as plain data.
// Each file is parsed and checked against its schema (app/content/schemas/)
// here, at build time, and becomes `export default <JSON>`: the browser gets
// the data, never the YAML parser, the Markdown parser or valibot. A file that
// does not fit fails the build, naming the file, the field and the reason.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as v from "valibot";
import { parse as parseYaml } from "yaml";
import type { Plugin } from "vite";
import { contentFiles } from "../app/content/schemas/index.ts";

export const contentDir = fileURLToPath(new URL("../content/", import.meta.url));
const extensions = /\.(ya?ml|md)$/;

export class ContentError extends Error {
  override name = "ContentError";
}

/** The registry entry for a path relative to content/ (posix), if any: exact, or `*` for one file name. */
export function schemaFor(relative: string): v.GenericSchema | undefined {
  for (const [pattern, schema] of Object.entries(contentFiles)) {
    const matcher = new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}$`);
    if (matcher.test(relative)) return schema;
  }
  return undefined;
}

/** `items.2.quote` for an issue's path; `(file)` for the whole file. */
function fieldPath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => String(item.key));
  return keys.length > 0 ? keys.join(".") : "(file)";
}

/**
 * Parses and checks one content file. `file` is its path relative to content/
 * (posix); throws a ContentError naming it, the field and the reason.
 */
export function loadContentFile(file: string, source: string): unknown {
  const schema = schemaFor(file);
  if (!schema) {
    throw new ContentError(`content/${file}: no schema for this file (app/content/schemas/index.ts lists what content/ may hold)`);
  }
  let data: unknown;
  try {
    data = parseYaml(source, { prettyErrors: true });
  } catch (error) {
    throw new ContentError(`content/${file}: not valid YAML: ${(error as Error).message}`);
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${fieldPath(issue)}: ${issue.message}`);
    throw new ContentError(`content/${file} does not fit its schema:\n${lines.join("\n")}`);
  }
  return result.output;
}

/** Every content file, relative to `dir` (posix), sorted. */
export function listContentFiles(dir = contentDir): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => extensions.test(file) && file !== "README.md")
    .sort();
}

/** Checks every file under `dir`, so a file nothing imports yet is refused too; all problems in one message. */
export function checkAllContent(dir = contentDir): void {
  const problems: string[] = [];
  for (const file of listContentFiles(dir)) {
    try {
      loadContentFile(file, readFileSync(path.join(dir, file), "utf8"));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new ContentError(problems.join("\n"));
}

export function contentPlugin(dir = contentDir): Plugin {
  const root = path.resolve(dir) + path.sep;
  return {
    name: "site-content",
    enforce: "pre",
    buildStart() {
      checkAllContent(dir);
    },
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (!file.startsWith(root) || !extensions.test(file)) return null;
      const relative = file.slice(root.length).split(path.sep).join("/");
      this.addWatchFile(file);
      const data = loadContentFile(relative, readFileSync(file, "utf8"));
      return { code: `export default ${JSON.stringify(data)};\n`, map: null };
    },
  };
}
