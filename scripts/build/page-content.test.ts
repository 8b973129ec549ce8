import { describe, expect, it } from "vitest";
import { contentOfPages } from "./page-content";

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
