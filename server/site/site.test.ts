import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { writeBuiltPages } from "../app.test-support";
import { loadConfig } from "../config";
import { inlineScriptHashes, inlineStyleHashes, pageCsp } from "./security-headers";
import { urlPathOf } from "./site-files";

const page = (title: string) => `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><script>window.x = 1;</script><script type="module" src="/assets/app-abc123.js"></script></body></html>`;

let siteDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), "site-"));
  await mkdir(path.join(siteDir, "404"), { recursive: true });
  await mkdir(path.join(siteDir, "services", "404"), { recursive: true });
  await mkdir(path.join(siteDir, "assets"), { recursive: true });
  await writeFile(path.join(siteDir, "index.html"), page("Home"));
  await writeFile(path.join(siteDir, "index.html.gz"), gzipSync(page("Home")));
  await writeFile(path.join(siteDir, "404", "index.html"), page("Oops"));
  await writeFile(path.join(siteDir, "services", "404", "index.html"), page("Category not found"));
  await writeFile(path.join(siteDir, "assets", "app-abc123.js"), "console.log(1)");
  // HTML the build did not write (copied from public/, say): served, but nothing in it runs.
  await writeFile(path.join(siteDir, "stray.html"), page("Stray"));
  await writeBuiltPages(siteDir, ["/", "/404", "/services/404"]);
  app = await buildApp(loadConfig({ SITE_DIR: siteDir, DATA_DIR: path.join(siteDir, "data"), LOG_LEVEL: "silent" }));
});

afterAll(async () => {
  await app.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe("urlPathOf", () => {
  it("maps built files to their URLs", () => {
    expect(urlPathOf("index.html")).toBe("/");
    expect(urlPathOf(path.join("about", "index.html"))).toBe("/about");
    expect(urlPathOf(path.join("assets", "a.js"))).toBe("/assets/a.js");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only, as CSP expects", () => {
    const expected = createHash("sha256").update("window.x = 1;").digest("base64");
    expect(inlineScriptHashes(page("x"))).toEqual([expected]);
    expect(inlineScriptHashes("<script src=a.js></script>")).toEqual([]);
  });
});

describe("inlineStyleHashes", () => {
  it("hashes inline <style> elements, and the page CSP allows exactly those", () => {
    const expected = createHash("sha256").update("h1{color:red}").digest("base64");
    expect(inlineStyleHashes("<head><style>h1{color:red}</style></head>")).toEqual([expected]);
    expect(pageCsp({ styleHashes: [expected] })).toContain(`style-src 'self' 'sha256-${expected}'`);
    expect(pageCsp({})).toContain("style-src 'self';");
  });
});

describe("serving the site", () => {
  it("serves a page with its own CSP, security headers and a short cache", async () => {
    const response = await app.inject("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`'sha256-${inlineScriptHashes(page("Home"))[0]}'`);
    expect(csp).not.toContain("unsafe-inline");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBeDefined();
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("sends the pre-compressed variant the client accepts", async () => {
    const response = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate" } });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toBe("Accept-Encoding");
  });

  it("answers a matching ETag with 304", async () => {
    const first = await app.inject("/");
    const second = await app.inject({ url: "/", headers: { "if-none-match": String(first.headers.etag) } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("caches hashed assets for a year, immutable", async () => {
    const response = await app.inject("/assets/app-abc123.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  });

  it("answers unknown pages with 404 and the not-found page, unknown assets with a plain 404", async () => {
    const pageResponse = await app.inject("/no/such/page");
    expect(pageResponse.statusCode).toBe(404);
    expect(pageResponse.body).toContain("<h1>Oops</h1>");
    const asset = await app.inject("/assets/missing.js");
    expect(asset.statusCode).toBe(404);
    expect(asset.body).toBe("Not found");
  });

  it("answers an unknown service category with 404 and the Category not found page", async () => {
    const category = await app.inject("/services/no-such-service");
    expect(category.statusCode).toBe(404);
    expect(category.body).toContain("<h1>Category not found</h1>");
    const deeper = await app.inject("/services/a/b");
    expect(deeper.statusCode).toBe(404);
    expect(deeper.body).toContain("<h1>Oops</h1>");
  });

  it("answers a not-found page requested by its own path with 404 too", async () => {
    expect((await app.inject("/404")).statusCode).toBe(404);
    expect((await app.inject("/services/404")).statusCode).toBe(404);
  });

  it("gives a page policy only to the pages the build lists, and never serves the list", async () => {
    const stray = await app.inject("/stray.html");
    expect(stray.statusCode).toBe(200);
    expect(String(stray.headers["content-security-policy"])).not.toContain("sha256-");
    expect((await app.inject("/.pages.json")).statusCode).toBe(404);
  });

  it("refuses a folder that is no build: no list of its pages", async () => {
    const bare = await mkdtemp(path.join(tmpdir(), "site-bare-"));
    try {
      await writeFile(path.join(bare, "index.html"), page("Home"));
      await expect(buildApp(loadConfig({ SITE_DIR: bare, DATA_DIR: path.join(bare, "data"), LOG_LEVEL: "silent" }))).rejects.toThrow(/\.pages\.json is missing: the folder is no build/);
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it("redirects /home to / with a 301", async () => {
    const response = await app.inject("/home");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/");
  });

  it("has a health check", async () => {
    const response = await app.inject("/healthz");
    expect(response.json()).toEqual({ status: "ok" });
  });
});

describe("a separate API host", () => {
  it("joins the pages' connect-src and form-action (the newsletter form posts there before it hydrates), and nothing else changes", async () => {
    const other = await buildApp(
      loadConfig({ SITE_DIR: siteDir, DATA_DIR: path.join(siteDir, "data-api"), LOG_LEVEL: "silent", PUBLIC_API_BASE: "https://crm.example.com/api" }),
    );
    try {
      const csp = String((await other.inject("/")).headers["content-security-policy"]);
      expect(csp).toContain("connect-src 'self' https://crm.example.com;");
      expect(csp).toContain("form-action 'self' https://crm.example.com;");
    } finally {
      await other.close();
    }
  });
});

describe("serving over HTTPS (TLS_CERT, TLS_KEY)", () => {
  it("keeps HSTS and adds upgrade-insecure-requests to page CSPs", async () => {
    const certDir = await mkdtemp(path.join(tmpdir(), "tls-"));
    const cert = path.join(certDir, "cert.pem");
    const key = path.join(certDir, "key.pem");
    const made = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", key, "-out", cert]);
    expect(made.status).toBe(0);
    const tlsApp = await buildApp(loadConfig({ SITE_DIR: siteDir, DATA_DIR: path.join(siteDir, "data-tls"), LOG_LEVEL: "silent", TLS_CERT: cert, TLS_KEY: key }));
    try {
      const response = await tlsApp.inject("/");
      expect(String(response.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d{8}/);
    } finally {
      await tlsApp.close();
      await rm(certDir, { recursive: true, force: true });
    }
  });
});
