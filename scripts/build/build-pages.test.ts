import { describe, expect, it } from "vitest";
import { assertElementsDefined, assertEveryPageBuilt, customElementsIn, htmlFileOf, indexablePaths, robotsTxt, sitemapXml } from "./build-pages";

describe("sitemap and robots", () => {
  it("lists only indexable pages, with absolute URLs", () => {
    expect(indexablePaths(["/", "/about", "/404", "/services/404", "/admin", "/admin/leads", "/newsletter/confirm", "/unsubscribe"])).toEqual([
      "/",
      "/about",
    ]);
    const xml = sitemapXml(["/", "/about", "/404"], "https://example.co.uk/", (page) => (page === "/" ? "2026-01-02" : undefined));
    expect(xml).toContain("<loc>https://example.co.uk/</loc>");
    expect(xml).toContain("<loc>https://example.co.uk/about</loc>");
    expect(xml).toContain("<loc>https://example.co.uk/</loc>\n    <lastmod>2026-01-02</lastmod>");
    // A page without a known date has no lastmod rather than the build's.
    expect(xml).toContain("<loc>https://example.co.uk/about</loc>\n  </url>");
    expect(xml).not.toContain("404");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it("points robots.txt at the sitemap", () => {
    expect(robotsTxt("https://example.co.uk")).toContain("Sitemap: https://example.co.uk/sitemap.xml");
  });
});

describe("customElementsIn", () => {
  it("finds the custom elements in the markup, not in scripts, styles or comments", () => {
    const html = `<style>@property --x { syntax: "<length-percentage>"; }</style><script type="application/json">["<fake-one>"]</script><!-- <old-thing> --><body><slide-carousel delay="3"><today-date label="x"></today-date></slide-carousel><count-up/></body>`;
    expect(customElementsIn(html)).toEqual(["count-up", "slide-carousel", "today-date"]);
  });
});

describe("assertElementsDefined", () => {
  it("passes when every element on every page has a definition", () => {
    const pages = new Map([["index.html", "<hero-video></hero-video>"], ["about/index.html", "<p>text</p>"]]);
    expect(() => assertElementsDefined(pages, ["hero-video"])).not.toThrow();
  });

  it("fails the build, naming the page and the element, when a page uses one it never loads", () => {
    const pages = new Map([["index.html", "<hero-video></hero-video>"], ["resources/index.html", "<faq-accordion><p>q</p></faq-accordion>"]]);
    expect(() => assertElementsDefined(pages, ["hero-video"])).toThrow(/resources\/index\.html: <faq-accordion>/);
  });
});

describe("assertEveryPageBuilt", () => {
  const pages = ["index.html", "about/index.html", "contact/index.html"];
  it("passes when exactly the listed pages were built", () => {
    expect(() => assertEveryPageBuilt(new Set(pages), pages)).not.toThrow();
  });

  it("fails the build, naming it, when a page was built that the list does not hold", () => {
    expect(() => assertEveryPageBuilt(new Set([...pages, "extra/index.html"]), pages)).toThrow(/1 page\(s\) built that contract\/pages.ts does not list:\n\s+extra\/index\.html/);
  });

  it("fails the build, naming the pages missing", () => {
    const run = () => assertEveryPageBuilt(new Set(["index.html"]), pages);
    expect(run).toThrow(/2 of 3 pages were not built/);
    expect(run).toThrow(/about\/index\.html\n\s+contact\/index\.html/);
  });

  it("names where each page's HTML is written", () => {
    expect(htmlFileOf("/")).toBe("index.html");
    expect(htmlFileOf("/services/payroll")).toBe("services/payroll/index.html");
  });
});
