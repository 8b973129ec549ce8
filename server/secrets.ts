import { randomBytes } from "node:crypto";
import { link, open, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { ensurePrivateDir, tightenIfPresent } from "./private-files";

// Keys the server needs stable across restarts (IP hashing, unsubscribe links,
// inbox sessions) work on a fresh machine without configuration: generated
// once into DATA_DIR, shared by instances on the same disk.

/** The shortest secret each variable accepts (config.ts checks the same at parse time). */
export const secretMinimums = { IP_HASH_SECRET: 16, UNSUBSCRIBE_SECRET: 16, ADMIN_SESSION_SECRET: 32 } as const;
export type SecretVariable = keyof typeof secretMinimums;
/** A stored (generated) secret is 64 hex characters; anything under this is damage, never a key. */
export const SECRET_MIN_LENGTH = 32;
const GENERATED_BYTES = 32;

export class SecretError extends Error {
  override name = "SecretError";
}

/**
 * A configured secret, or a random one generated once into dataDir/fileName
 * (mode 600) and read back on every start. Refuses one shorter than its
 * minimum rather than sign or hash with it.
 */
export async function resolvePersistedSecret(configured: string | undefined, dataDir: string, fileName: string, variable: SecretVariable): Promise<string> {
  if (configured !== undefined) {
    if (configured.length < secretMinimums[variable]) throw new SecretError(`${variable} must be at least ${secretMinimums[variable]} characters.`);
    return configured;
  }
  const file = path.join(dataDir, fileName);
  const stored = await readStored(file, variable);
  if (stored !== undefined) {
    // A key written by an older version under a loose umask is made owner-only.
    tightenIfPresent(file);
    return stored;
  }
  ensurePrivateDir(dataDir);
  await writeOnce(file, `${randomBytes(GENERATED_BYTES).toString("hex")}\n`);
  // Whoever won the race wrote the file: every instance reads the same one.
  const written = await readStored(file, variable);
  if (written === undefined) throw new SecretError(`${file} vanished while it was being created.`);
  return written;
}

async function readStored(file: string, variable: SecretVariable): Promise<string | undefined> {
  let stored: string;
  try {
    stored = (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (stored.length < SECRET_MIN_LENGTH) {
    throw new SecretError(
      `${file} holds ${stored.length} characters, fewer than the ${SECRET_MIN_LENGTH} a key needs (a damaged file). ` +
        `Delete it to have a new key generated, or set ${variable}.`,
    );
  }
  return stored;
}

/**
 * Writes the content to a temporary file, fsyncs it, and links it into place:
 * a crash leaves either no file or the whole one, never a short one. link()
 * (unlike rename) fails when the name exists, so the first instance wins.
 */
async function writeOnce(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temporary);
  }
  const directory = await open(path.dirname(file), "r");
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
