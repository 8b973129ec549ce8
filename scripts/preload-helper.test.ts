// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { preloadHelperSource } from "./preload-helper";

type Preload = (load: () => Promise<string>, deps?: string[]) => Promise<string>;
// The helper as the browser runs it: its source, evaluated as a function body.
const helper = () => new Function(`${preloadHelperSource("/").replace("export const", "const")}\nreturn __vitePreload;`)() as Preload;
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute("href"));

describe("the compact preload helper", () => {
  it("preloads each dependency once, skips what the page links already, then loads", async () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/framework.js">';
    const preload = helper();
    await expect(preload(() => Promise.resolve("chunk"), ["assets/framework.js", "assets/form.js", "assets/fields.js"])).resolves.toBe("chunk");
    await preload(() => Promise.resolve("again"), ["assets/form.js"]);
    expect(preloads()).toEqual(["/assets/framework.js", "/assets/form.js", "/assets/fields.js"]);
  });

  it("loads with no dependencies listed", async () => {
    await expect(helper()(() => Promise.resolve("alone"))).resolves.toBe("alone");
  });
});
