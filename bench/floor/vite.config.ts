import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { codeSplitting } from "../../scripts/build/code-splitting.ts";

// Chunked like the site, so the comparison measures the site's code, not its build settings.
export default defineConfig({ plugins: [reactRouter()], logLevel: "warn", build: { rolldownOptions: { output: codeSplitting } } });
