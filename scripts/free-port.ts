import { execFileSync } from "node:child_process";
import { createServer } from "node:net";

// Tests never use fixed ports: a second run beside this one (another clone, a
// bench, a second CI job on the host) would take them. These ask the system.

/** A TCP port on 127.0.0.1 that the system has just handed out as free. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The same, for a configuration file that must know its port synchronously. */
export function freePortSync(): number {
  const script = `const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });`;
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}
