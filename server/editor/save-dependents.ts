import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { listContentFiles, loadContentFile } from "../../scripts/build/content-files";

// What a save does to the rest of the site. Each file a save writes is checked
// on its own (content-save.ts); this checks what the build needs of the others:
// a content file the site's code reads as an entry of Astro's content layer
// cannot be deleted, and no other
// content file may stop fitting because of the save (a sentence stating a
// figure from statistics.yaml, the contact details the legal pages name).
// Refused at save time, naming the file that needs it: otherwise Publish
// refuses the drafts, and a start that built them could not serve at all.

/** The code the site's build compiles: a content file one of these reads is needed by the build. */
export const BUILD_CODE = ["app", "contract", "scripts/build", "astro.config.ts"] as const;

const codeFile = /\.(ts|tsx|mts|js|mjs|jsx|astro)$/;
/** A test imports what it likes; the build never compiles it. */
const testFile = /\.test(-support)?\.[a-z]+$/;
/** `contentEntry("meta", "about")`: content/meta/about.yaml, read from Astro's data store (app/data/content.ts), named by literals. */
const entryRead = /\bcontentEntry\(\s*"([\w-]+)"\s*,\s*"([\w-]+)"\s*\)/g;

export interface SaveChange {
  /** Content files written, by their path in the checkout (`content/…`), with the text written. */
  written: ReadonlyMap<string, string>;
  /** Files deleted, by their path in the checkout. */
  deleted: readonly string[];
}

/** Why the site would not build after the change (the file that needs what it changes, and how), or undefined. */
export async function saveBreaksBuild(sourceDir: string, change: SaveChange): Promise<string | undefined> {
  const deleted = change.deleted.filter((file) => file.startsWith("content/"));
  if (change.written.size === 0 && deleted.length === 0) return undefined;
  const [read] = await readersOf(sourceDir, deleted);
  if (read) return `${read[0]} cannot be deleted: ${read[1]} reads it, and the site is not built without it.`;
  return dependentProblem(sourceDir, change.written, deleted);
}

/** The first code file of the build reading each of `files` (paths in the checkout) as a content-layer entry. */
export async function readersOf(sourceDir: string, files: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (files.length === 0) return found;
  const stem = (file: string) => path.posix.basename(file).replace(/\.[^.]+$/, "");
  // A file at the top of content/ is a collection of one entry, named as the file.
  const entryFile = (collection: string, id: string) =>
    files.find((file) => (path.posix.dirname(file) === `content/${collection}` && stem(file) === id) || (path.posix.dirname(file) === "content" && stem(file) === collection && id === collection));
  for (const code of await buildCodeFiles(sourceDir)) {
    const text = await readFile(path.join(sourceDir, code), "utf8").catch(() => "");
    for (const [, collection = "", id = ""] of text.matchAll(entryRead)) {
      const file = entryFile(collection, id);
      if (file && !found.has(file)) found.set(file, code);
    }
  }
  return found;
}

async function buildCodeFiles(sourceDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of BUILD_CODE) {
    const full = path.join(sourceDir, entry);
    if (codeFile.test(entry)) {
      if (existsSync(full)) files.push(entry);
      continue;
    }
    const names = await readdir(full, { recursive: true, encoding: "utf8" }).catch(() => [] as string[]);
    for (const name of names) {
      const segments = name.split(path.sep);
      if (!codeFile.test(name) || testFile.test(name) || segments.some((segment) => segment === "node_modules" || segment.startsWith("."))) continue;
      files.push(path.posix.join(entry, ...segments));
    }
  }
  return files;
}

/** Each content file of `dir` that does not load as the build loads it, with the build's message. */
function contentProblems(dir: string, files: readonly string[]): Map<string, string> {
  const problems = new Map<string, string>();
  for (const file of files) {
    try {
      loadContentFile(file, readFileSync(path.join(dir, file), "utf8"), dir);
    } catch (error) {
      problems.set(file, (error as Error).message);
    }
  }
  return problems;
}

/**
 * The content as it would be after the change, in a scratch copy, loaded file
 * by file as the build loads it. Only a file the change breaks refuses it: one
 * that failed before (edited outside the editor) is Publish's to report.
 */
async function dependentProblem(sourceDir: string, written: ReadonlyMap<string, string>, deleted: readonly string[]): Promise<string | undefined> {
  const contentDir = path.join(sourceDir, "content");
  const scratch = await mkdtemp(path.join(tmpdir(), "content-save-"));
  try {
    if (existsSync(contentDir)) await cp(contentDir, scratch, { recursive: true });
    const inScratch = (file: string) => path.join(scratch, file.replace(/^content\//, ""));
    for (const [file, text] of written) {
      await mkdir(path.dirname(inScratch(file)), { recursive: true });
      await writeFile(inScratch(file), text);
    }
    for (const file of deleted) await rm(inScratch(file), { force: true });
    const after = contentProblems(scratch, listContentFiles(scratch));
    if (after.size === 0) return undefined;
    const before = contentProblems(contentDir, [...after.keys()].filter((file) => existsSync(path.join(contentDir, file))));
    for (const [file, raw] of after) {
      if (before.has(file)) continue;
      const message = raw.replaceAll(scratch + path.sep, "content/");
      const needed = deleted.find((gone) => message.includes(gone));
      if (needed) return `${needed} cannot be deleted: content/${file} needs it, and the site is not built without it.`;
      return `the site would not build with this change: ${message.startsWith("content/") ? message : `content/${file}: ${message}`}`;
    }
    return undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
