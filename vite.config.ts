import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildEnvDefines } from "./scripts/build/build-env.ts";
import { codeSplitting } from "./scripts/build/code-splitting.ts";
import { contentPlugin } from "./scripts/build/content-data-plugin.ts";
import { inlineScriptPlugin } from "./scripts/build/inline-script-plugin.ts";

export default defineConfig({
  plugins: [contentPlugin(), inlineScriptPlugin(), tailwindcss(), reactRouter()],
  // PUBLIC_SITE_URL and PUBLIC_API_BASE, checked once, are written into the site's code.
  define: buildEnvDefines(),
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // `npm run dev` runs the API beside the dev server (scripts/dev.mjs): the forms post to it through here.
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.DEV_API_PORT ?? "3001"}` } },
  build: {
    // No data: URIs, so the CSP can keep img-src to 'self'.
    assetsInlineLimit: 0,
    rolldownOptions: { output: codeSplitting },
  },
});
