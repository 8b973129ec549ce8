// `npm test`: each layer in turn, stopping at the first that fails, then one
// line per phase with its wall time beside its budget (docs/testing.md), so
// whoever runs it sees a phase grow. The budgets are read, never asserted:
// a slow machine makes a slow run, not a red one.
import { spawnSync } from "node:child_process";

/** Each phase, its npm script and its budget in seconds on the CI machine (2 cores). */
const phases = [
  { name: "typecheck", script: "typecheck", budget: 60 },
  { name: "lint", script: "lint", budget: 30 },
  { name: "unit and API", script: "test:unit", budget: 90 },
  // One Astro build of a scratch copy with a page added (scripts/build/scratch-page.test.ts).
  { name: "a new page", script: "test:new-page", budget: 30 },
  { name: "build", script: "build", budget: 30 },
  { name: "browser", script: "test:e2e", budget: 300 },
];
const totalBudget = 600;

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const ran = [];
let failed;
const started = performance.now();
for (const phase of phases) {
  const from = performance.now();
  const { status, signal } = spawnSync(npm, ["run", "--silent", phase.script], { stdio: "inherit" });
  ran.push({ ...phase, seconds: (performance.now() - from) / 1000 });
  if (status !== 0) {
    failed = `${phase.name} failed (${signal ? `signal ${signal}` : `exit code ${status}`})`;
    break;
  }
}
const total = (performance.now() - started) / 1000;

const line = (name, seconds, budget) =>
  `${`${name}:`.padEnd(15)}${seconds.toFixed(0).padStart(5)} s  (budget ${budget} s)${seconds > budget ? "  OVER BUDGET" : ""}`;
console.log("\nnpm test, wall time per phase:");
for (const phase of ran) console.log(line(phase.name, phase.seconds, phase.budget));
console.log(line("total", total, totalBudget));
if (failed) {
  console.error(`npm test: ${failed}`);
  process.exit(1);
}
