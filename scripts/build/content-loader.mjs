// Lets Node import the content files as the build does: the site's modules in
// app/data/ import content/*.yaml and *.md, and the scripts, benchmarks and
// browser tests that read those modules outside Vite need the same checked
// data. Load it before them: `node --import tsx --import ./scripts/build/content-loader.mjs …`
// (playwright.config.ts registers it itself).
import { register } from "node:module";

register("./content-hooks.mjs", import.meta.url);
