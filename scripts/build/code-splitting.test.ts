import path from "node:path";
import { describe, expect, it } from "vitest";
import { onDemandModules, staticImportsOf } from "./code-splitting";

const app = path.resolve(import.meta.dirname, "../../app");
const contract = path.resolve(import.meta.dirname, "../../contract");
const onDemand = onDemandModules();
const rootImports = staticImportsOf(path.join(app, "root.tsx"), onDemand);

describe("onDemandModules (code some module loads with import())", () => {
  it("finds the parts loaded after hydration or on first use", () => {
    for (const file of [
      "components/forms/newsletter-form.tsx",
      "components/layout/notices.tsx",
      "components/sections/slide-carousel.ts",
      "components/sections/carousel-engine.ts",
    ]) {
      expect(onDemand).toContain(path.join(app, file));
    }
    expect(onDemand).toContain(path.join(contract, "lead.ts"));
  });
});

describe("staticImportsOf (what every page loads, for the shell chunk)", () => {
  it("follows the root layout through ~/ and relative imports", () => {
    expect(rootImports).toContain(path.join(app, "components/layout/site-layout.tsx"));
    expect(rootImports).toContain(path.join(app, "components/layout/header.tsx"));
    expect(rootImports).toContain(path.join(app, "components/forms/deferred-newsletter-form.tsx"));
    expect(rootImports).toContain(path.join(app, "data/paths.ts"));
  });

  it("stops at code loaded on demand, so the shell never takes it", () => {
    for (const file of onDemand) expect(rootImports).not.toContain(file);
    // Reached only through the newsletter form: the lead client comes with the form's chunk.
    expect(rootImports).not.toContain(path.join(app, "lib/lead-client.ts"));
  });

  it("stops at on-demand modules even where one is imported directly", () => {
    const entry = path.join(app, "components/layout/notices.tsx");
    expect(staticImportsOf(entry)).toContain(path.join(app, "components/layout/cookie-banner.tsx"));
    expect(staticImportsOf(path.join(app, "components/layout/site-layout.tsx"), new Set([path.join(app, "components/layout/header.tsx")]))).not.toContain(
      path.join(app, "components/layout/desktop-nav.tsx"),
    );
  });

  it("never reaches a route's own page code", () => {
    expect([...rootImports].some((file) => file.includes(`${path.sep}routes${path.sep}`))).toBe(false);
  });
});
