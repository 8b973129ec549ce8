import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { buildEnvDefines } from "./scripts/build/build-env.ts";
import { inlineScriptPlugin } from "./scripts/build/inline-script-plugin.ts";

const scratchPageTest = "scripts/build/scratch-page.test.ts";
const unitTests = ["app/**/*.test.{ts,tsx}", "editor/**/*.test.ts", "contract/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/*.test.ts"];
// Node 22's VM contexts cannot require() an ES module, as @fastify/static does (content-disposition):
// on Node 22, the supported older version, every file keeps a process of its own.
const vmPool = Number(process.versions.node.split(".")[0]) >= 24 ? "vmForks" : "forks";
// Files that need a process of their own: a VM context lacks what they use of the platform.
const ownProcessTests = [
  // The head scripts, run in the window's own global scope as a page runs them.
  "app/head/content-protection.test.ts",
  "app/head/early-forms.test.ts",
  "app/head/notices.test.ts",
  // The Performance timeline, Web Crypto's digest, and the forms' timers and requests on jsdom.
  "app/lib/lead-client.test.ts",
  "app/lib/proof-of-work.test.ts",
  "app/components/forms/newsletter-signup.test.tsx",
  // In a VM context its schema check refused content/home/hero.yaml, which it accepts in a process (not yet traced).
  "app/components/add-a-field.test.ts",
];

// Kept apart from astro.config.ts: the unit tests need only the head-script plugin (they read content with readEntry).
export default defineConfig({
  // Head scripts are built strings here as in the build.
  plugins: [inlineScriptPlugin()],
  define: buildEnvDefines(),
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // The scratch page's test builds a copy of the site with Astro, a phase of its own in `npm test`
    // (scripts/test.mjs): `npm run test:unit` runs "unit" and "unit-process", `npm run test:new-page` the last.
    projects: [
      {
        extends: true,
        test: {
          // Each file in a VM context of its own, in a reused process, rather than a process of its own
          // (the phase 90 s to 67 s on a quiet machine; docs/adr/0028). Node's built-ins are not of the context: their
          // errors and Buffers fail `instanceof` there.
          name: "unit",
          include: unitTests,
          exclude: [...configDefaults.exclude, scratchPageTest, ...ownProcessTests],
          pool: vmPool,
        },
      },
      { extends: true, test: { name: "unit-process", include: ownProcessTests } },
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
