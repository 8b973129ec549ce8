// A stand-in for `npm run build` in the editor tests' throw-away checkouts:
// they copy it there as build.ts and run it as `node build.ts` (Node strips
// the types), so it must stay erasable TypeScript importing only node: modules.
// It writes the pages the server needs, fast: the home page from the hero file
// and the two 404 pages.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// A test holds a publish's build (to save an edit meanwhile, or to poll the status) while a file
// `build-hold` is in the checkout; the build finds the checkout through SITE_GIT_DIR, since the
// environment holds only what a build reads.
const hold = process.env.SITE_GIT_DIR && path.join(path.dirname(process.env.SITE_GIT_DIR), "build-hold");
if (hold && existsSync(hold)) {
  writeFileSync(`${hold}.started`, "");
  while (existsSync(hold)) await new Promise((resolve) => setTimeout(resolve, 20));
}

const hero = readFileSync("content/home/hero.yaml", "utf8");
// Fails as the build's schema check fails, with its kind of message.
if (hero.includes("BROKEN")) {
  console.error("ContentError: content/home/hero.yaml does not fit its schema:\n  headline: must not be empty\n    at check (plugin.ts:1:1)");
  process.exit(1);
}

const build = process.env.SITE_BUILD_DIR;
if (!build) throw new Error("SITE_BUILD_DIR is not set");

type Render = (hero: string) => string;
let render: Render = (text) => `<!DOCTYPE html><title>Home</title><h1>${text.trim()}</h1>`;
// `--server-build`: render as the pre-render does, importing the server build
// from the build folder, which imports the project's packages (the checkout
// holds server-entry.mjs, and the renderer package in its node_modules).
if (process.argv.includes("--server-build")) {
  const entry = path.join(build, "server", "index.mjs");
  mkdirSync(path.dirname(entry), { recursive: true });
  copyFileSync("server-entry.mjs", entry);
  ({ render } = (await import(pathToFileURL(entry).href)) as { render: Render });
}

// The names of the variables the build was given, beside the pages (not served): the tests read them.
mkdirSync(build, { recursive: true });
writeFileSync(path.join(build, "environment.json"), JSON.stringify(Object.keys(process.env).sort()));

const out = path.join(build, "client");
for (const page of ["", "404", "services/404"]) mkdirSync(path.join(out, page), { recursive: true });
writeFileSync(path.join(out, "index.html"), render(hero));
for (const page of ["404", "services/404"]) writeFileSync(path.join(out, page, "index.html"), "<!DOCTYPE html><title>Oops</title>");
// The build's list of its pages, as scripts/build/site-files.ts writes it (contract/built-pages.ts).
writeFileSync(path.join(out, ".pages.json"), JSON.stringify({ pages: ["/", "/404", "/services/404"].map((page) => ({ path: page, listed: false, content: [] })) }));
