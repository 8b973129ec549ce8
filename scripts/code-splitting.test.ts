import path from "node:path";
import { describe, expect, it } from "vitest";
import { staticImportsOf } from "./code-splitting";

const app = path.resolve(import.meta.dirname, "../app");
const rootImports = staticImportsOf(path.join(app, "root.tsx"));

describe("staticImportsOf (what every page loads, for the shell chunk)", () => {
  it("follows the root layout through ~/ and relative imports", () => {
    expect(rootImports).toContain(path.join(app, "components/layout/site-layout.tsx"));
    expect(rootImports).toContain(path.join(app, "components/layout/header.tsx"));
    expect(rootImports).toContain(path.join(app, "components/forms/newsletter-form.tsx"));
    expect(rootImports).toContain(path.join(app, "content/paths.ts"));
  });

  it("leaves out code loaded on demand with import(), so it stays out of the shell", () => {
    expect(rootImports).not.toContain(path.join(app, "components/layout/site-extras.tsx"));
    expect(rootImports).not.toContain(path.join(app, "components/layout/mobile-menu-panel.tsx"));
    expect([...rootImports].some((file) => file.includes(`${path.sep}contract${path.sep}lead.ts`))).toBe(false);
  });

  it("never reaches a route's own page code", () => {
    expect([...rootImports].some((file) => file.includes(`${path.sep}routes${path.sep}`))).toBe(false);
  });
});
