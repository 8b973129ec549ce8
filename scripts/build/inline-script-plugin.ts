import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

// A script that must ship as a string (inline in <head>, allowed by its CSP hash)
// is still a module: typed, linted, tested, importing the constants it shares
// with the page. `import code from "./x?inline-script"` gives that module bundled
// by esbuild into one minified IIFE, as a string, in the build and under Vitest.

const SUFFIX = "?inline-script";
const PREFIX = "\0inline-script:";

/** A module bundled by esbuild into one minified IIFE for an inline classic or module script, and the files it read. */
export async function bundleInlineScript(file: string): Promise<{ code: string; inputs: string[] }> {
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
  // An inline script: no directive (the page's scripts are not strict-mode sensitive), no trailing semicolon.
  const code = result.outputFiles[0]!.text.trim().replace(/^"use strict";/, "").replace(/;$/, "");
  return { code, inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(input)) };
}

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
      const { code, inputs } = await bundleInlineScript(id.slice(PREFIX.length));
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
