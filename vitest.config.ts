import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { buildEnvDefines } from "./scripts/build/build-env.ts";
import { inlineScriptPlugin } from "./scripts/build/inline-script-plugin.ts";

const scratchPageTest = "scripts/build/scratch-page.test.ts";

// Kept apart from astro.config.ts: the unit tests need only the head-script plugin (they read content with readEntry).
export default defineConfig({
  // Head scripts are built strings here as in the build.
  plugins: [inlineScriptPlugin()],
  define: buildEnvDefines(),
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // The scratch page's test builds a copy of the site with Astro, a phase of its own in `npm test`
    // (scripts/test.mjs): `npm run test:unit` runs "unit" and "unit-dom", `npm run test:new-page` the last.
    projects: [
      {
        extends: true,
        test: {
          // The server, editor, build and contract tests: each file in a VM context of its own, in a
          // reused process, rather than a process of its own (90 s to 78 s for the phase; docs/testing.md).
          // Node's built-ins are not of the context: their errors and Buffers fail `instanceof` there.
          name: "unit",
          include: ["editor/**/*.test.ts", "contract/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/*.test.ts"],
          exclude: [...configDefaults.exclude, scratchPageTest, "editor/save-watch.test.ts"],
          pool: "vmForks",
        },
      },
      {
        extends: true,
        test: {
          // The site's own code, most of it on jsdom, whose globals a VM context does not carry: a process per file.
          name: "unit-dom",
          include: ["app/**/*.test.{ts,tsx}", "editor/save-watch.test.ts"],
        },
      },
      { extends: true, test: { name: "new page", include: [scratchPageTest] } },
    ],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    // Most files wait on sockets, timers, scrypt and child processes rather than the CPU:
    // three workers keep two cores busy (docs/testing.md, "Time budget").
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
