import { describe, expect, it } from "vitest";
import {
  assertElementsDefined,
  assertRewroteEveryPage,
  customElementsIn,
  deferHydration,
  htmlFileOf,
  indexablePaths,
  inlineStylesheets,
  robotsTxt,
  sitemapXml,
} from "./build-pages";

const page = [
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="stylesheet" href="/assets/root-3.css"/></head><body><h1>Hi</h1>',
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-4.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-2.js");</script></body></html>',
].join("");

describe("inlineStylesheets", () => {
  it("puts the CSS in a <style> before any preload and keeps the link, disabled", () => {
    const out = inlineStylesheets(page, (href) => (href === "/assets/root-3.css" ? "h1{color:red}" : undefined));
    expect(out).toContain('<link rel="stylesheet" href="/assets/root-3.css" disabled=""/>');
    const style = out.indexOf("<style>h1{color:red}</style>");
    expect(style).toBeGreaterThan(out.indexOf('name="viewport"'));
    expect(style).toBeLessThan(out.indexOf("modulepreload"));
  });

  it("leaves a page alone when the CSS is unknown or could close the element", () => {
    expect(inlineStylesheets(page, () => undefined)).toBe(page);
    expect(inlineStylesheets(page, () => "a{}</style><script>")).toBe(page);
  });
});

describe("deferHydration", () => {
  it("turns the bootstrap's imports into dynamic ones after the first frame", () => {
    const out = deferHydration(page);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('"/assets/manifest-1.js","/assets/entry.client-2.js"');
    expect(out).toContain("requestAnimationFrame");
    expect(out).toContain('await import("/assets/manifest-1.js");');
    expect(out).toContain('const [route0]=await Promise.all([import("/assets/root-4.js")]);');
    expect(out).toContain('\nimport("/assets/entry.client-2.js");');
    expect(out).not.toMatch(/^import /m);
  });

  it("evaluates React and the router, the site's modules and the hydration in three separate tasks", () => {
    const withFramework = page.replace('<link rel="modulepreload" href="/assets/manifest-1.js"/>', '$&<link rel="modulepreload" href="/assets/framework-5.js"/>');
    const out = deferHydration(withFramework);
    const framework = out.indexOf('await import("/assets/framework-5.js");await nextTask();');
    const routes = out.indexOf("const [route0]=await Promise.all(");
    const hydration = out.indexOf('import("/assets/entry.client-2.js");');
    expect(framework).toBeGreaterThan(-1);
    expect(routes).toBeGreaterThan(framework);
    // A task boundary between the route modules and the hydration as well.
    expect(out.slice(routes, hydration)).toContain("await nextTask();");
  });

  it("leaves a page without the bootstrap alone", () => {
    const plain = "<html><head></head><body><script>1</script></body></html>";
    expect(deferHydration(plain)).toBe(plain);
  });
});

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

describe("assertRewroteEveryPage", () => {
  const pages = ["index.html", "about/index.html", "contact/index.html"];
  it("passes when the rewrite matched every pre-rendered page", () => {
    expect(() => assertRewroteEveryPage("inline the CSS", new Set(pages), pages)).not.toThrow();
  });

  it("fails the build, naming the pages left as they were, when it matched fewer", () => {
    const run = () => assertRewroteEveryPage("inline the CSS", new Set(["index.html"]), pages);
    expect(run).toThrow(/"inline the CSS" matched 1 of 3 pre-rendered pages/);
    expect(run).toThrow(/about\/index\.html\n\s+contact\/index\.html/);
  });

  it("names where each page's HTML is written", () => {
    expect(htmlFileOf("/")).toBe("index.html");
    expect(htmlFileOf("/services/payroll")).toBe("services/payroll/index.html");
  });
});
