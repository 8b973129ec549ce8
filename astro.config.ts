import { fileURLToPath } from "node:url";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { buildEnvDefines } from "./scripts/build/build-env.ts";
import { contentCheck } from "./scripts/build/content-collection.ts";
import { inlineScriptPlugin } from "./scripts/build/inline-script-plugin.ts";
import { siteFiles } from "./scripts/build/site-files.ts";

// Every page is pre-rendered to HTML at build time; only the components a route
// marks with a client directive hydrate, each on its own (app/README.md).
// SITE_BUILD_DIR builds into another folder: the content editor's publishing
// builds each release into a new one while the current one is being served.
export default defineConfig({
  srcDir: "./app",
  outDir: `${process.env.SITE_BUILD_DIR || "build"}/client`,
  output: "static",
  build: {
    format: "directory",
    assets: "assets",
    // The site's CSS is small (about 7 KB brotli): inline on every page, so the first paint waits for no download.
    inlineStylesheets: "always",
  },
  integrations: [react(), contentCheck(), siteFiles()],
  devToolbar: { enabled: false },
  vite: {
    plugins: [inlineScriptPlugin(), tailwindcss()],
    // PUBLIC_SITE_URL and PUBLIC_API_BASE, checked once, are written into the site's code.
    define: buildEnvDefines(),
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    // `npm run dev` runs the API beside the dev server (scripts/dev.mjs): the forms post to it through here.
    server: { proxy: { "/api": `http://127.0.0.1:${process.env.DEV_API_PORT ?? "3001"}` } },
    build: {
      // No data: URIs, so the CSP can keep img-src to 'self'.
      assetsInlineLimit: 0,
      // esbuild, not Lightning CSS: Lightning folds `animation-timeline` into the `animation` shorthand,
      // which Chromium refuses whole, and back-to-top's scroll-driven showing is lost before its script.
      cssMinify: "esbuild",
    },
  },
});
