// @vitest-environment jsdom
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { elementTagOf } from "~/lib/custom-element";
import { defineElementsIn, elementModules } from "./define-elements";

describe("defineElementsIn", () => {
  it("defines each element the markup holds from its module, loaded once, and nothing else", async () => {
    const loads = Object.fromEntries(Object.keys(elementModules).map((file) => [elementTagOf(file), vi.spyOn(elementModules, file)]));
    document.body.innerHTML = `<div><today-date label="x"></today-date><count-up></count-up><count-up></count-up></div>`;
    await defineElementsIn(document);
    expect(customElements.get("count-up") && customElements.get("today-date")).toBeDefined();
    await defineElementsIn(document);
    expect(Object.entries(loads).flatMap(([tag, load]) => load.mock.calls.map(() => tag))).toEqual(["count-up", "today-date"]);
    expect(customElements.get("slide-carousel")).toBeUndefined();
  });
});

describe("elementModules", () => {
  it("finds every element module by its name, each giving its element's behaviour", async () => {
    // Every tag with a hyphen that a component renders, read from their sources.
    const rendered = globSync("**/*.tsx", { cwd: import.meta.dirname, exclude: ["**/*.test.tsx"] }).flatMap((file) =>
      [...readFileSync(path.join(import.meta.dirname, file), "utf8").matchAll(/<([a-z][a-z0-9]*-[a-z0-9-]*)[\s>]/g)].map((match) => match[1]),
    );
    expect(Object.keys(elementModules).map(elementTagOf).sort()).toEqual([...new Set(rendered)].sort());
    for (const [file, load] of Object.entries(elementModules)) expect(typeof (await load()).default, file).toBe("function");
  });
});
