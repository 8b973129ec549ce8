import type { Plugin } from "vite";

// Vite wraps every `import()` of the browser bundle in a helper that first
// adds <link rel="modulepreload"> for the chunk's own imports, so they load
// side by side instead of one after the other. Its general version (relative
// bases, CSS chunks it waits for, CSP nonces, an error event) weighs about
// 0.5 KB brotli in the chunk every page loads. This site needs only the part
// it uses: an absolute base, JavaScript chunks (its CSS is one file, inlined at
// build), CSP by hashes. The same name and signature replace it; a lazy chunk
// that brings CSS fails the build rather than paint unstyled.

/** The module Vite's import analysis imports the helper from (Vite 8: vite/src/node/plugins/importAnalysisBuild.ts). */
export const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/** The helper's source: `__vitePreload(load, deps)` preloads each dep once (unless the page links it already), then loads. */
export function preloadHelperSource(base: string): string {
  return `const seen = {};
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    const href = ${JSON.stringify(base)} + dep;
    if (seen[href] || document.querySelector('link[href="' + href + '"]')) continue;
    seen[href] = 1;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  return load();
};`;
}

export function compactPreloadHelper(): Plugin {
  let base = "/";
  return {
    name: "site:compact-preload-helper",
    enforce: "pre",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      if (id !== PRELOAD_HELPER_ID || this.environment.config.consumer !== "client") return undefined;
      if (!base.startsWith("/")) this.error(`the compact preload helper needs an absolute base, not ${JSON.stringify(base)}`);
      return preloadHelperSource(base);
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isDynamicEntry && chunk.viteMetadata?.importedCss.size) {
          this.error(`${chunk.fileName} is loaded on demand and brings CSS, which the compact preload helper does not wait for`);
        }
      }
    },
  };
}
