import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { contentDir, entryFor, listContentFiles } from "../../scripts/build/content-files";
import { splitFrontMatter } from "../../scripts/build/content-markdown";
import { checkContentSave, leaveOutEmpty } from "./content-save";

// A save of one changed sentence changes that sentence in the file and no
// other byte; whatever the owner changes, the file says what was saved.

/** Every text value of the data, by its place (`items.0.quote`). */
function texts(data: unknown, at: string[] = []): string[][] {
  if (typeof data === "string") return [at];
  if (Array.isArray(data)) return data.flatMap((item, index) => texts(item, [...at, String(index)]));
  if (data !== null && typeof data === "object") return Object.entries(data).flatMap(([key, item]) => texts(item, [...at, key]));
  return [];
}

const yamlFiles = listContentFiles().filter((file) => file.endsWith(".yaml"));

describe("saving a content file", () => {
  it.each(yamlFiles)("%s: each sentence changed alone changes only its own lines", (file) => {
    const source = readFileSync(path.join(contentDir, file), "utf8");
    const data = parse(source) as unknown;
    // Sentences only: links, icons, dates and placeholders have rules of their own.
    const sentences = texts(data).filter((at) => {
      const value = at.reduce<unknown>((item, key) => (item as Record<string, unknown>)[key], data) as string;
      return /[a-z]{2,} [a-z]{2,}/i.test(value) && !value.includes("{") && !/^(\/|https:)/.test(value);
    });
    // A file whose every sentence names a figure ({figures.…}) has none to change here.
    if (sentences.length === 0) expect(source, file).toMatch(/\{[a-z]+\.[a-zA-Z.]+\}/);
    for (const at of sentences) {
      const changed = structuredClone(data) as Record<string, unknown>;
      const parent = at.slice(0, -1).reduce<Record<string, unknown>>((item, key) => item[key] as Record<string, unknown>, changed);
      parent[at.at(-1)!] = "Changed by the owner: a colon, a # and 'quotes'";
      const saved = checkContentSave(file, JSON.stringify(changed), source, contentDir);
      expect(saved.ok, `${file} ${at.join(".")}`).toBe(true);
      const written = (saved as { contents: string }).contents;
      expect(parse(written), at.join(".")).toEqual(changed);
      // Lines before and after the value are the file's own.
      const [before, after] = [source.split("\n"), written.split("\n")];
      const same = (from: "start" | "end") => {
        let count = 0;
        while (count < before.length && (from === "start" ? before[count] === after[count] : before.at(-1 - count) === after.at(-1 - count))) count += 1;
        return count;
      };
      expect(same("start") + same("end") + 1, `${file} ${at.join(".")}: only the value's lines change`).toBeGreaterThanOrEqual(after.length);
    }
  });

  it("leaves out what an optional field was left with, and keeps what a required one has", () => {
    const testimonials = entryFor("testimonials/home.yaml")!;
    const fromEditor = { heading: "Said", items: [{ quote: "Q", author: "A", role: "" }] };
    expect(leaveOutEmpty(testimonials, fromEditor)).toEqual({ heading: "Said", items: [{ quote: "Q", author: "A" }] });
    expect(leaveOutEmpty(testimonials, { heading: "", items: [] })).toEqual({ heading: "", items: [] });
  });

  it("saves a Markdown page whose front matter holds --- inside a value: only a line of exactly --- ends it", () => {
    const file = "legal/privacy-policy.md";
    const source = readFileSync(path.join(contentDir, file), "utf8");
    const saved = checkContentSave(file, source.replace("title: Privacy policy", "title: Privacy --- policy"), source, contentDir);
    expect(saved).toMatchObject({ ok: true });
    const written = (saved as { contents: string }).contents;
    expect(splitFrontMatter(written).data).toMatchObject({ title: "Privacy --- policy" });
    expect(splitFrontMatter(written).body).toBe(splitFrontMatter(source).body);
    // The build reads it the same way: a line that only begins with --- is not the end of the front matter.
    expect(() => splitFrontMatter("---\ntitle: A\n---more\n## Heading\n")).toThrow(/front matter between two --- lines/);
    expect(splitFrontMatter("---\r\ntitle: A\r\n---\r\n## Heading\r\n")).toMatchObject({ data: { title: "A" }, body: "## Heading\r\n" });
    expect(splitFrontMatter("---\n---\n## Heading\n")).toMatchObject({ data: null, body: "## Heading\n" });
  });
});
