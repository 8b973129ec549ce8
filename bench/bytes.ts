// Part b: the JavaScript and CSS each route's pre-rendered HTML loads before
// interaction, compressed: its module scripts, the code of each island that
// hydrates on load (Astro's component and renderer URLs; an island that waits
// to be seen is left out), what they import, and its inline scripts and styles.
// A reported figure, not a target: visitors meet the first paint, the first tap and the
// interaction latency (lighthouse.ts, first-tap.ts), not a byte count, and no
// code is shaped to keep this ratio under a line.
// Run alone: node --import tsx bench/bytes.ts [--no-build]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { lastBuild } from "../contract/built-pages";
import { flag, isMain, kb, report, root, type Row } from "./lib";

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const zero = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0 });
function add(total: Sizes, part: Sizes) {
  total.raw += part.raw;
  total.gzip += part.gzip;
  total.brotli += part.brotli;
}

function sizesOf(body: Buffer): Sizes {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export interface RouteBytes {
  js: Sizes;
  css: Sizes;
  files: string[];
}

/** Every script and stylesheet the page asks for before it is interactive, followed through static imports. */
export function routeBytes(siteDir: string, route: string): RouteBytes {
  const htmlFile = path.join(siteDir, route === "/" ? "index.html" : `${route.slice(1)}/index.html`);
  const html = readFileSync(htmlFile, "utf8");
  const js = zero();
  const css = zero();
  const urls = new Set<string>();
  // External scripts, module preloads, the islands that hydrate on load, dynamic imports in inline scripts.
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1] ?? "");
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(match[1] ?? "");
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const island = match[0];
    if (!/\bclient="(load|idle)"/.test(island)) continue;
    for (const url of island.matchAll(/\b(?:component|renderer)-url="([^"]+)"/g)) urls.add(url[1] ?? "");
  }
  for (const match of html.matchAll(/import(?:\s*\(\s*|\s+(?:[\w*{}\s,]+from\s+)?)"(\/assets\/[^"]+\.js)"/g)) urls.add(match[1] ?? "");
  // Follow static imports inside the bundle, so nothing the page needs is missed.
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.shift() ?? "";
    const file = path.join(siteDir, url);
    if (!existsSync(file)) continue;
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)) {
      const next = `/assets/${match[1]}`;
      if (!urls.has(next)) {
        urls.add(next);
        queue.push(next);
      }
    }
  }
  for (const url of urls) {
    const file = path.join(siteDir, url);
    if (existsSync(file)) add(js, sizesOf(readFileSync(file)));
  }
  // Inline scripts count too, except JSON-LD: data for crawlers, never run.
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) {
    add(js, sizesOf(Buffer.from(match[1] ?? "")));
  }
  // Stylesheets that are fetched (not the disabled ones whose CSS is inline) and inline styles.
  for (const match of html.matchAll(/<link rel="stylesheet" href="([^"]+)"(?![^>]*disabled)/g)) {
    const file = path.join(siteDir, match[1] ?? "");
    if (existsSync(file)) add(css, sizesOf(readFileSync(file)));
  }
  for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) add(css, sizesOf(Buffer.from(match[1] ?? "")));
  return { js, css, files: [...urls] };
}

function run(command: string, commandArgs: string[], cwd: string) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed in ${cwd}`);
}

/** Builds the site (unless --no-build). */
export function buildSite(skipSite = flag("no-build")) {
  if (!skipSite) run("npm", ["run", "build", "--silent"], root);
}

/** skipBuild: the caller built the site already (bench/run.ts does, once for every part). */
export async function runBytes({ skipBuild = false } = {}) {
  if (!skipBuild) buildSite();
  const siteDir = path.join(root, "build/client");
  const row = (route: string, bytes: RouteBytes): Row => {
    const total = bytes.js.brotli + bytes.css.brotli;
    return {
      route,
      "JS KB": kb(bytes.js.raw),
      "JS gzip": kb(bytes.js.gzip),
      "JS br": kb(bytes.js.brotli),
      "CSS KB": kb(bytes.css.raw),
      "CSS gzip": kb(bytes.css.gzip),
      "CSS br": kb(bytes.css.brotli),
      "total gzip": kb(bytes.js.gzip + bytes.css.gzip),
      "total br": kb(total),
    };
  };
  const rows = lastBuild().listed.map((route) => row(route, routeBytes(siteDir, route)));
  report("bytes", "JavaScript + CSS loaded before interaction, KB (a reported figure)", rows);
  return rows;
}

if (isMain(import.meta.url)) await runBytes();
