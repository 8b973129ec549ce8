// @vitest-environment jsdom
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { START_PLAN_ATTRIBUTE, type StartPlan } from "./start-plan";

const chunk = (name: string) => path.join(import.meta.dirname, "fixtures/start-after-paint", `${name}.ts`);
const plan: StartPlan = {
  preload: [chunk("framework"), chunk("root"), chunk("home")],
  effects: [chunk("manifest")],
  framework: [chunk("framework")],
  routes: [
    ["root", chunk("root")],
    ["routes/home", chunk("home")],
  ],
  entry: chunk("entry"),
};
const page = globalThis as { __evaluated?: [string, string[]][]; __reactRouterRouteModules?: Record<string, { chunk: string }> };

describe("the loader that starts the JavaScript after the first paint", () => {
  it("runs React Router's bootstrap from its plan: manifest, framework, route modules by id, then the entry", async () => {
    // As the rewritten page holds it: the plan on the loader's own element.
    const script = document.createElement("script");
    script.type = "module";
    script.setAttribute(START_PLAN_ATTRIBUTE, JSON.stringify(plan));
    document.body.append(script);
    await import("./start-after-paint");

    await vi.waitFor(() => expect(page.__evaluated?.map(([name]) => name)).toContain("entry"), { timeout: 5000 });
    const [manifest, framework, ...rest] = page.__evaluated ?? [];
    expect([manifest?.[0], framework?.[0]]).toEqual(["manifest", "framework"]);
    expect(rest.map(([name]) => name).sort()).toEqual(["entry", "home", "root"]);
    // The entry, which hydrates, comes last and finds every route module under its id.
    expect(rest.at(-1)).toEqual(["entry", ["root", "routes/home"]]);
    expect(page.__reactRouterRouteModules?.root?.chunk).toBe("root");
    expect(page.__reactRouterRouteModules?.["routes/home"]?.chunk).toBe("home");
    // The bundle is preloaded again, so it downloads in parallel.
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href"))).toEqual(plan.preload);
  });
});
