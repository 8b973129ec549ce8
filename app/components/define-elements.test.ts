// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { elementTagOf } from "~/lib/custom-element";
import { defineElementsIn, elementModules } from "./define-elements";

describe("defineElementsIn", () => {
  it("loads the module of each element the markup holds, once, and nothing else", async () => {
    const loads = Object.fromEntries(Object.keys(elementModules).map((file) => [elementTagOf(file), vi.spyOn(elementModules, file)]));
    document.body.innerHTML = `<div><today-date label="x"></today-date><count-up></count-up><count-up></count-up></div>`;
    defineElementsIn(document);
    await vi.waitFor(() => expect(customElements.get("count-up") && customElements.get("today-date")).toBeDefined());
    defineElementsIn(document);
    expect(Object.entries(loads).flatMap(([tag, load]) => load.mock.calls.map(() => tag))).toEqual(["count-up", "today-date"]);
    expect(customElements.get("slide-carousel")).toBeUndefined();
  });
});

describe("elementModules", () => {
  it("finds each element module by its name, and each defines the tag it is named after", async () => {
    expect(Object.keys(elementModules).length).toBeGreaterThanOrEqual(11);
    for (const [file, load] of Object.entries(elementModules)) {
      await load();
      expect(customElements.get(elementTagOf(file)), file).toBeDefined();
    }
  });
});
