import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

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

/** The same, for a configuration file that must know its port synchronously: asked of a child process. */
export function freePortSync(): number {
  const script = fileURLToPath(new URL("./print-free-port.ts", import.meta.url));
  // Node strips the child's types itself (by default from Node 23.6; the flag for 22.12–23.5).
  const flags = ["--experimental-strip-types", "--disable-warning=ExperimentalWarning"];
  const port = Number(execFileSync(process.execPath, [...flags, script], { encoding: "utf8" }));
  if (!Number.isInteger(port) || port <= 0) throw new Error(`freePortSync: ${script} printed no port`);
  return port;
}
