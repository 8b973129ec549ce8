// `npm run dev`: the API server (watching its sources) on DEV_API_PORT, and
// Astro's dev server with hot reload on DEV_PORT, which proxies /api to
// it, so both forms and the owner's inbox work as they do in production.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const devPort = process.env.DEV_PORT ?? "5173";
const apiPort = process.env.DEV_API_PORT ?? "3001";
const siteUrl = `http://localhost:${devPort}`;

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    // Links in emails point at the dev server; the API serves no pages of its own.
    env: { PUBLIC_SITE_URL: siteUrl, ...process.env, PORT: apiPort, HOST: "127.0.0.1", SITE_DIR: "none" },
  }),
  spawn("npx", ["astro", "dev", "--port", devPort], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DEV_API_PORT: apiPort, ASTRO_TELEMETRY_DISABLED: "1" },
  }),
];

// One stops, both stop: a dev server without its API (or the reverse) only confuses.
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
