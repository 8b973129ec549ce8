import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

// A script that must ship as a string (inline in <head>, allowed by its CSP hash)
// is still a module: typed, linted, tested, importing the constants it shares
// with the page. `import code from "./x?inline-script"` gives that module bundled
// by esbuild into one minified IIFE, as a string, in the build and under Vitest.

const SUFFIX = "?inline-script";
const PREFIX = "\0inline-script:";

export function inlineScriptPlugin(): Plugin {
  return {
    name: "inline-script",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      if (!resolved) throw new Error(`inline-script: cannot find ${source} (imported by ${importer ?? "?"})`);
      return PREFIX + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      const result = await build({
        entryPoints: [file],
        bundle: true,
        write: false,
        metafile: true,
        format: "iife",
        platform: "browser",
        target: "es2020",
        minify: true,
        charset: "utf8",
        legalComments: "none",
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(path.resolve(input));
      // An inline classic script: no directive (the page's scripts are not strict-mode sensitive), no trailing semicolon.
      const code = result.outputFiles[0]!.text.trim().replace(/^"use strict";/, "").replace(/;$/, "");
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
