import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// Keys the server needs stable across restarts (IP hashing, unsubscribe links,
// inbox sessions) work on a fresh machine without configuration: generated
// once into DATA_DIR, shared by instances on the same disk.

/** A configured secret, or a random one generated once into dataDir/fileName (mode 600) and read back on every start. */
export async function resolvePersistedSecret(configured: string | undefined, dataDir: string, fileName: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    // "wx": if another instance wrote it first, read theirs instead.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readFile(file, "utf8")).trim();
  }
}
