import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { checkAllContent, ContentError, contentDir, contentPlugin, listContentFiles, loadContentFile } from "./content-plugin";

const goodTender = `order: 5
icon: home
title: Roof repairs
text: Roofs on a housing estate.
value: £1m
client: Housing association
scope: Roofing
`;

describe("content files", () => {
  it("every file under content/ has a schema and fits it", () => {
    expect(listContentFiles().length).toBeGreaterThan(0);
    expect(() => checkAllContent()).not.toThrow();
  });

  it("names the file, the field and the reason when a file does not fit", () => {
    const bad = goodTender.replace("icon: home", "icon: rocket").replace("title: Roof repairs", "title: ''");
    expect(() => loadContentFile("tenders/roof.yaml", bad)).toThrow(ContentError);
    expect(() => loadContentFile("tenders/roof.yaml", bad)).toThrow(
      /content\/tenders\/roof\.yaml does not fit its schema:\n {2}icon: "rocket" is not an icon[^\n]*\n {2}title: must not be empty/,
    );
  });

  it("refuses a missing field, an unknown field and a link to a page the site does not have", () => {
    const hero = readFileSync(path.join(contentDir, "home/hero.yaml"), "utf8");
    expect(() => loadContentFile("home/hero.yaml", hero.replace(/^subtitle:.*$/m, "subtitel: x"))).toThrow(/subtitle: Invalid key/);
    expect(() => loadContentFile("home/hero.yaml", hero.replace(/^subtitle:.*$/m, "subtitel: x"))).toThrow(/subtitel: Invalid key/);
    expect(() => loadContentFile("home/hero.yaml", hero.replace("href: /agencies", "href: /agency"))).toThrow(
      /actions\.1\.href: "\/agency" is neither one of the site's paths/,
    );
  });

  it("refuses YAML that does not parse, and a file no schema covers", () => {
    expect(() => loadContentFile("tenders/roof.yaml", "title: [unclosed")).toThrow(/content\/tenders\/roof\.yaml: not valid YAML/);
    expect(() => loadContentFile("stray/notes.yaml", "a: 1")).toThrow(/content\/stray\/notes\.yaml: no schema for this file/);
  });

  it("a bad file fails a build that imports it, and a good one becomes plain data", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-plugin-"));
    mkdirSync(path.join(dir, "content/tenders"), { recursive: true });
    writeFileSync(path.join(dir, "entry.js"), `export { default } from "./content/tenders/roof.yaml";\n`);
    const run = () =>
      build({
        root: dir,
        logLevel: "silent",
        configFile: false,
        plugins: [contentPlugin(path.join(dir, "content"))],
        build: { write: false, lib: { entry: path.join(dir, "entry.js"), formats: ["es"] } },
      });

    writeFileSync(path.join(dir, "content/tenders/roof.yaml"), goodTender);
    const output = JSON.stringify(await run());
    expect(output).toContain("Roof repairs");
    expect(output).not.toMatch(/valibot|parseYaml/);

    writeFileSync(path.join(dir, "content/tenders/roof.yaml"), goodTender.replace("order: 5", "order: first"));
    await expect(run()).rejects.toThrow(/content\/tenders\/roof\.yaml does not fit its schema:\n {2}order: Invalid type: Expected number but received "first"/);
  });
});
