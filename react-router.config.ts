import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/data/pages.ts";

// Every page is static: pre-render all of them at build time and ship no server renderer.
// SITE_BUILD_DIR builds into another folder: the content editor's publishing builds each
// release into a new one while the current one is being served.
export default {
  ssr: false,
  buildDirectory: process.env.SITE_BUILD_DIR || "build",
  prerender: prerenderPaths,
} satisfies Config;
