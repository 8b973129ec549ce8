import type { Config } from "@react-router/dev/config";

// The floor: the smallest React Router framework-mode site, built like ours.
// FLOOR_BUILD_DIR builds it elsewhere: scripts/build/build-pages.test.ts builds it into a folder of its own.
export default { ssr: false, prerender: ["/"], buildDirectory: process.env.FLOOR_BUILD_DIR || "build" } satisfies Config;
