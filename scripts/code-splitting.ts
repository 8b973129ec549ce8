import { existsSync, readFileSync } from "node:fs";
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
const appDir = path.resolve(import.meta.dirname, "../app");
const sourceExtensions = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Files statically imported from `entry`, followed through the app's own modules (`~/` and relative paths). */
export function staticImportsOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() ?? "";
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    // `import … from "x"` and `export … from "x"`, not `import("x")`, which stays on demand; type-only imports vanish at build.
    for (const [, typeOnly, specifier] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+"([^"]+)"/gm)) {
      if (typeOnly || !specifier) continue;
      const base = specifier.startsWith("~/")
        ? path.join(appDir, specifier.slice(2))
        : specifier.startsWith(".")
          ? path.resolve(path.dirname(file), specifier)
          : undefined;
      if (!base) continue;
      const resolved = [base, ...sourceExtensions.map((extension) => base + extension)].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
      if (resolved) queue.push(resolved);
    }
  }
  return seen;
}

const rootModule = path.join(appDir, "root.tsx");
const everyPage = staticImportsOf(rootModule);
everyPage.delete(rootModule);

export const codeSplitting: NonNullable<NonNullable<BuildEnvironmentOptions["rolldownOptions"]>["output"]> = {
  codeSplitting: {
    groups: [
      { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 3 },
      { name: "shell", test: (id) => everyPage.has(id), priority: 2 },
      { name: "shell", test: /[\\/]app[\\/]/, minShareCount: SHELL_MIN_PAGES, priority: 1 },
    ],
  },
};
