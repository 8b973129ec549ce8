// `npm start`: build the site if there is no build or the sources are newer,
// then run the server (with the embedded SQLite store under DATA_DIR).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtPage = path.join(root, "build/client/index.html");
const sources = ["app", "content", "public", "contract", "scripts/build", "react-router.config.ts", "vite.config.ts"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target, { recursive: true }).reduce((max, name) => {
    const file = path.join(target, String(name));
    return Math.max(max, statSync(file).mtimeMs);
  }, 0);
}

const stale = !existsSync(builtPage) || sources.some((source) => newestMtime(path.join(root, source)) > statSync(builtPage).mtimeMs);
if (stale) {
  console.log("Building the site…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The content editor's own bundle, when the editor is on and it was never built.
const editorOn = process.env.CONTENT_EDITOR === "on" || process.env.CONTENT_EDITOR === "github";
if (editorOn && !existsSync(path.join(root, "build/editor/index.html"))) {
  console.log("Building the content editor…");
  const build = spawnSync("npm", ["run", "build:editor"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this very process, so SIGTERM/SIGINT reach its clean shutdown.
const { register } = await import("tsx/esm/api");
register();
process.chdir(root);
await import("../server/main.ts");
