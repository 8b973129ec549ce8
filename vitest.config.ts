import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { buildEnvDefines } from "./scripts/build/build-env.ts";
import { contentPlugin } from "./scripts/build/content-data-plugin.ts";
import { inlineScriptPlugin } from "./scripts/build/inline-script-plugin.ts";

// Kept apart from astro.config.ts: the unit tests need only the content and head-script plugins.
export default defineConfig({
  // The content files become checked data here as in the build; head scripts are built strings too.
  plugins: [contentPlugin(), inlineScriptPlugin()],
  define: buildEnvDefines(),
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "editor/**/*.test.ts", "contract/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/*.test.ts"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    // Most files wait on sockets, timers, scrypt and child processes rather than the CPU:
    // three workers keep two cores busy (docs/testing.md, "Time budget").
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
