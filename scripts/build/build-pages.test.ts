import { describe, expect, it } from "vitest";
import { assertElementsDefined, assertPagesBuilt, customElementsIn, htmlFileOf, isListed, pageOfHtmlFile, robotsTxt, sitemapXml } from "./build-pages";

describe("sitemap and robots", () => {
  it("lists the pages not marked noindex, with absolute URLs and their lastmod", () => {
    const xml = sitemapXml(
      [
        { path: "/", listed: true, lastmod: "2026-01-02" },
        { path: "/about", listed: true },
        { path: "/404", listed: false, lastmod: "2026-01-02" },
      ],
      "https://example.co.uk/",
    );
    expect(xml).toContain("<loc>https://example.co.uk/</loc>\n    <lastmod>2026-01-02</lastmod>");
    // A page without a known date has no lastmod rather than the build's.
    expect(xml).toContain("<loc>https://example.co.uk/about</loc>\n  </url>");
    expect(xml).not.toContain("404");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it("reads whether a page is for search engines from its own head", () => {
    expect(isListed('<html><head><title>About</title><meta name="description" content="noindex here is words"></head><body></body></html>')).toBe(true);
    expect(isListed('<html><head><meta name="robots" content="noindex"></head></html>')).toBe(false);
    expect(isListed("<html><head><meta content='noindex, nofollow' name=robots></head></html>")).toBe(false);
    // Only the head counts: a page may write about robots in its body.
    expect(isListed('<html><head></head><body><code>&lt;meta name="robots" content="noindex"&gt;</code><meta name="robots" content="noindex"></body></html>')).toBe(true);
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

describe("assertPagesBuilt", () => {
  it("passes when every page the server needs was built", () => {
    expect(() => assertPagesBuilt(new Set(["/", "/404", "/services/404"]), ["/404", "/services/404"])).not.toThrow();
  });

  it("fails the build, naming the pages missing", () => {
    expect(() => assertPagesBuilt(new Set(["/"]), ["/404", "/services/404"])).toThrow(/2 page\(s\) the server needs were not built:\n\s+\/404\n\s+\/services\/404/);
  });
});

describe("a page's HTML file", () => {
  it("is where the page is written, and the page a file Astro wrote is", () => {
    expect(htmlFileOf("/")).toBe("index.html");
    expect(htmlFileOf("/services/payroll")).toBe("services/payroll/index.html");
    expect(pageOfHtmlFile("index.html")).toBe("/");
    expect(pageOfHtmlFile("services/payroll/index.html")).toBe("/services/payroll");
    expect(pageOfHtmlFile("404.html")).toBe("/404");
    expect(pageOfHtmlFile("assets/app.js")).toBeUndefined();
  });
});
