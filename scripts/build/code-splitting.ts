import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BuildEnvironmentOptions } from "vite";

// How the browser bundle is cut into files, shared by the site and the bench's
// floor app (bench/floor/) so both are built the same way.
//
// Brotli compresses each file on its own, so many small chunks cost more than
// one chunk with the same code. React, React DOM and React Router load on every
// page anyway: one "framework" chunk. The site's own modules that every page
// loads anyway (everything the root layout imports) or that at least
// `SHELL_MIN_PAGES` pages use go into one "shell" chunk; code used by fewer
// pages (charts, carousels, the enquiry form, the inbox) stays in chunks that
// only those pages load, and `import()`ed code stays on demand.

const SHELL_MIN_PAGES = 6;
const appDir = path.resolve(import.meta.dirname, "../../app");
const sourceExtensions = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The source file an import specifier names, for the app's own modules (`~/` and relative paths). */
function resolveSpecifier(specifier: string, importer: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(appDir, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(importer), specifier)
      : undefined;
  if (!base) return undefined;
  return [base, ...sourceExtensions.map((extension) => base + extension)].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/** Every module some code in `dir` loads on demand with `import("…")`. */
export function onDemandModules(dir: string = appDir): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) {
      const resolved = specifier && resolveSpecifier(specifier, file);
      if (resolved) found.add(resolved);
    }
  }
  return found;
}

/**
 * Files statically imported from `entry`, followed through the app's own
 * modules, stopping at `onDemand` ones: a module loaded with import() somewhere
 * stays a chunk of its own.
 */
export function staticImportsOf(entry: string, onDemand: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() ?? "";
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    // `import … from "x"` and `export … from "x"`, not `import("x")`; type-only imports vanish at build.
    for (const [, typeOnly, specifier] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+"([^"]+)"/gm)) {
      const resolved = !typeOnly && specifier ? resolveSpecifier(specifier, file) : undefined;
      if (resolved && !onDemand.has(resolved)) queue.push(resolved);
    }
  }
  return seen;
}

const rootModule = path.join(appDir, "root.tsx");
const onDemand = onDemandModules();
// The root layout, the head tags every page's `meta` builds, and the few lines
// every custom element registers itself with (so a page's element does not
// bring the shared sections chunk along).
const everyPage = new Set([
  ...staticImportsOf(rootModule, onDemand),
  ...staticImportsOf(path.join(appDir, "lib/meta.ts"), onDemand),
  path.join(appDir, "lib/custom-element.ts"),
]);
everyPage.delete(rootModule);

export const codeSplitting: NonNullable<NonNullable<BuildEnvironmentOptions["rolldownOptions"]>["output"]> = {
  codeSplitting: {
    groups: [
      { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 3 },
      { name: "shell", test: (id) => everyPage.has(id), priority: 2 },
      { name: "sections", test: /[\\/]app[\\/]/, minShareCount: SHELL_MIN_PAGES, priority: 1 },
    ],
  },
};
