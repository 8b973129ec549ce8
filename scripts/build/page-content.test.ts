import { describe, expect, it } from "vitest";
import { contentOfPages, entriesReadBy } from "./page-content";

describe("the content of each page a route wrote", () => {
  it("is all the route read, for a route of one page", () => {
    const files = new Set(["content/about.md", "content/meta/about.yaml"]);
    expect(contentOfPages(["/about"], files)).toEqual(new Map([["/about", ["content/about.md", "content/meta/about.yaml"]]]));
  });

  it("keeps, of the files named after one page's own segment, only that page's", () => {
    const files = new Set(["content/pages/service-category.yaml", "content/services/payroll.yaml", "content/services/usa.yaml", "content/tenders/"]);
    const pages = contentOfPages(["/services/payroll", "/services/usa", "/services/404"], files);
    expect(pages.get("/services/payroll")).toEqual(["content/pages/service-category.yaml", "content/services/payroll.yaml", "content/tenders/"]);
    expect(pages.get("/services/usa")).toEqual(["content/pages/service-category.yaml", "content/services/usa.yaml", "content/tenders/"]);
    expect(pages.get("/services/404")).toEqual(["content/pages/service-category.yaml", "content/tenders/"]);
  });
});

describe("the entries a module reads from the content layer", () => {
  const files = ["meta/about.yaml", "meta/home.yaml", "about.md", "tenders/roof.yaml"];

  it("are the files its contentEntry calls name", () => {
    const code = `const meta = await contentEntry("meta", "about");\nconst other = await contentEntry( "meta" , "home" );`;
    expect(entriesReadBy(code, "app/pages/about.astro", files)).toEqual(["content/meta/about.yaml", "content/meta/home.yaml"]);
    expect(entriesReadBy(`contentEntry("about", "about")`, "app/pages/about.astro", files)).toEqual(["content/about.md"]);
  });

  it("are the folder of a collection its contentEntries calls read whole", () => {
    expect(entriesReadBy(`const cards = await contentEntries("tenders");`, "app/pages/x.astro", files)).toEqual(["content/tenders/"]);
    expect(() => entriesReadBy(`contentEntries(name)`, "app/pages/x.astro", files)).toThrow(/contentEntries\(name\): name the collection as a literal/);
    expect(() => entriesReadBy(`contentEntries("news")`, "app/pages/x.astro", files)).toThrow(/content\/news\/ has no entries/);
  });

  it("fail the build, naming the module, when the call does not name them with literals or names none there is", () => {
    expect(() => entriesReadBy(`contentEntry("meta", slug)`, "app/pages/x.astro", files)).toThrow(/app\/pages\/x\.astro: contentEntry\("meta", slug\): name the collection and the entry as literals/);
    expect(() => entriesReadBy(`contentEntry("meta", "careers")`, "app/pages/x.astro", files)).toThrow(/content\/meta\/ has no entry "careers"/);
  });
});
