import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertElementsDefined,
  assertRewroteEveryPage,
  customElementsIn,
  htmlFileOf,
  indexablePaths,
  inlineStylesheets,
  readBootstrap,
  robotsTxt,
  sitemapXml,
  startAfterFirstPaint,
} from "./build-pages";
import { START_PLAN_ATTRIBUTE, type StartPlan } from "./start-plan";

const page = [
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="stylesheet" href="/assets/root-3.css"/></head><body><h1>Hi</h1></body></html>',
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

// React Router's bootstrap as the pinned React Router and Vite write it: the
// floor app (bench/floor, the smallest framework-mode site) built here, so a
// new version that writes it differently fails this test, not a visitor's page.
describe("startAfterFirstPaint, on the page React Router writes", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  // Inside the repository (its .tmp/ is ignored): the pre-render imports the build, which imports the project's packages.
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  const buildDir = mkdtempSync(path.join(root, ".tmp", "floor-build-"));
  const loader = "/* the loader */";
  let html = "";

  beforeAll(() => {
    execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: path.join(root, "bench/floor"),
      env: { ...process.env, FLOOR_BUILD_DIR: buildDir },
      stdio: "pipe",
    });
    html = readFileSync(path.join(buildDir, "client/index.html"), "utf8");
  }, 300_000);
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

  const bootstrapOf = (page: string) => page.match(/<script type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";
  const planOf = (page: string): StartPlan => {
    const value = page.match(new RegExp(`${START_PLAN_ATTRIBUTE}="([^"]*)"`))?.[1] ?? "";
    return JSON.parse(value.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as StartPlan;
  };

  it("reads every import of the bootstrap into the plan, each a file the build wrote, the framework apart", () => {
    const plan = planOf(startAfterFirstPaint(html, loader));
    expect(plan.routes.map(([id]) => id)).toEqual(["root", "routes/home"]);
    expect(plan.entry).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
    expect(plan.effects).toEqual([expect.stringMatching(/^\/assets\/manifest-[\w-]+\.js$/)]);
    expect(plan.framework).toEqual([expect.stringMatching(/^\/assets\/framework-[\w-]+\.js$/)]);
    // The head's preloads, every one, move into the plan.
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1]);
    expect(preloads.length).toBeGreaterThan(2);
    expect(plan.preload).toEqual(preloads);
    for (const href of [...plan.preload, ...plan.effects, plan.entry, ...plan.routes.map(([, file]) => file)]) {
      expect(existsSync(path.join(buildDir, "client", href)), href).toBe(true);
    }
  });

  it("puts the loader in the bootstrap's own element and takes the preloads out of the HTML, nothing else", () => {
    const out = startAfterFirstPaint(html, loader);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(/<script type="module" async=""[^>]*>([\s\S]*?)<\/script>/)?.[1]).toBe(loader);
    const rest = (page: string) => page.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(/<script type="module"[\s\S]*?<\/script>/, "");
    expect(rest(out)).toBe(rest(html));
  });

  it("stops, quoting it, at a statement of the bootstrap it does not know", () => {
    const body = bootstrapOf(html);
    expect(() => readBootstrap(body, [])).not.toThrow();
    expect(() => readBootstrap(`${body}\nwindow.__reactRouterManifest = {};`, [])).toThrow(/does not know: "window.__reactRouterManifest = \{\};"/);
    expect(() => readBootstrap(body.replace(/import\("[^"]+"\);/, ""), [])).toThrow(/names no client entry/);
  });

  it("leaves a page without the bootstrap alone", () => {
    const plain = "<html><head></head><body><h1>Hi</h1></body></html>";
    expect(startAfterFirstPaint(plain, loader)).toBe(plain);
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
