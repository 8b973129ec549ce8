// Part e: the lead-intake crash test (bench/crash-test.ts, written with the
// lead API), run as `node --import tsx bench/crash-test.ts --restarts 50` when present.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { benchDir, isMain, report, root } from "./lib";

export function runCrash() {
  const script = path.join(benchDir, "crash-test.ts");
  if (!existsSync(script)) {
    console.log("Crash test: bench/crash-test.ts is not present in this checkout (it comes with the lead API); skipped.\n");
    report("crash", "Crash test: skipped (bench/crash-test.ts not present)", [], { skipped: true });
    return;
  }
  const result = spawnSync("node", ["--import", "tsx", script, "--restarts", "50"], { cwd: root, stdio: "inherit", timeout: 30 * 60_000 });
  if (result.status !== 0) throw new Error(`the crash test exited with ${result.status ?? result.signal}`);
}

if (isMain(import.meta.url)) runCrash();
