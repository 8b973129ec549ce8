// Part e: the lead-intake crash test (bench/crash-test.ts, written with the
// lead API), run as `node --import tsx bench/crash-test.ts --restarts 50` when present.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { benchDir, isMain, ports, report, root, tmpDir } from "./lib";

export function runCrash() {
  const script = path.join(benchDir, "crash-test.ts");
  if (!existsSync(script)) {
    console.log("Crash test: bench/crash-test.ts is not present in this checkout (it comes with the lead API); skipped.\n");
    report("crash", "Crash test: skipped (bench/crash-test.ts not present)", [], { skipped: true });
    return;
  }
  const figuresFile = path.join(tmpDir, "crash-figures.json");
  mkdirSync(tmpDir, { recursive: true });
  rmSync(figuresFile, { force: true });
  // On the API part's port: the parts run one at a time, and the bench keeps to its own ports.
  const result = spawnSync("node", ["--import", "tsx", script, "--restarts", "50", "--port", String(ports.api), "--json", figuresFile], { cwd: root, stdio: "inherit", timeout: 30 * 60_000 });
  if (result.status !== 0) throw new Error(`the crash test exited with ${result.status ?? result.signal}`);
  const figures = JSON.parse(readFileSync(figuresFile, "utf8")) as Record<string, string | number>;
  report(
    "crash",
    "Crash test: SIGKILL and restart 50 times under load; every acknowledged lead stored once, with its email in the outbox",
    Object.entries(figures).map(([figure, value]) => ({ figure, value })),
  );
}

if (isMain(import.meta.url)) runCrash();
