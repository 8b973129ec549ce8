// `npm start`: make the site ready to serve (scripts/start-site.ts: with the
// content editor on, the last published release or the committed content,
// never the drafts; otherwise a build when the sources are newer), build the
// editor's bundle when the editor is on and it was never built, then run the
// server (with the embedded SQLite store under DATA_DIR).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const { register } = await import("tsx/esm/api");
register();
process.chdir(root);

const { ConfigError } = await import("../server/config.ts");
const { NoSiteToServe, prepareSiteAtStart } = await import("./start-site.ts");
try {
  await prepareSiteAtStart({ root, env: process.env });
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof NoSiteToServe)) throw error;
  console.error(error.message);
  process.exit(1);
}

// The content editor's own bundle, when the editor is on and it was never built.
const editorOn = process.env.CONTENT_EDITOR === "on" || process.env.CONTENT_EDITOR === "github";
if (editorOn && !existsSync(path.join(root, "build/editor/index.html"))) {
  console.log("Building the content editor…");
  const build = spawnSync("npm", ["run", "build:editor"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this very process, so SIGTERM/SIGINT reach its clean shutdown.
await import("../server/main.ts");
