import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/pages";

// Every page is static: pre-render all of them at build time and ship no server renderer.
export default {
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
