// The content editor's own bundle, apart from the site's: no page of the site
// loads or links it (e2e/content-editor.spec.ts checks every page's HTML).
// `npm run build:editor` writes it to build/editor/, which the server serves at /keystatic.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/keystatic/",
  envPrefix: "VITE_KEYSTATIC_",
  build: {
    outDir: fileURLToPath(new URL("../build/editor", import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      // Keystatic's UI marks its modules "use client" for React Server Components; a plain bundle ignores that.
      onLog(level, log, handler) {
        if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
      },
    },
  },
});
