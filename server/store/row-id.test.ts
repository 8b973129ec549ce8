import { describe, expect, it } from "vitest";
import { newRowId } from "./row-id";

describe("row ids", () => {
  it("are version-7 UUIDs, each different", () => {
    const ids = Array.from({ length: 1000 }, newRowId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sort in the order they were made, from one millisecond to the next", async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(newRowId());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect([...made].sort()).toEqual(made);
  });
});
