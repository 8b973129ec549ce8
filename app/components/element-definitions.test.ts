// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { defineElementsIn, elementDefinitions } from "./element-definitions";

describe("defineElementsIn", () => {
  it("loads the definition of each element the markup holds, once, and nothing else", async () => {
    document.body.innerHTML = `<div><today-date label="x"></today-date><count-up></count-up><count-up></count-up></div>`;
    expect(defineElementsIn(document)).toEqual(["today-date", "count-up"]);
    await vi.waitFor(() => expect(customElements.get("count-up") && customElements.get("today-date")).toBeDefined());
    expect(defineElementsIn(document)).toEqual([]);
    expect(customElements.get("slide-carousel")).toBeUndefined();
  });
});

describe("elementDefinitions", () => {
  it("names, for each tag, a module that defines that element", async () => {
    for (const [tag, load] of Object.entries(elementDefinitions)) {
      await load();
      expect(customElements.get(tag), tag).toBeDefined();
    }
  });
});
