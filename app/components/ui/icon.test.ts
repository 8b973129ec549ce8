import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iconNames } from "~/data/icon-names";

describe("the icon sprite", () => {
  it("has a symbol for every icon name (rerun scripts/make-icon-sprite.ts after adding one)", () => {
    const sprite = readFileSync(new URL("../../assets/icons.svg", import.meta.url), "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...iconNames]);
  });
});
