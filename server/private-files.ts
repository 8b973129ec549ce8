import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";

// DATA_DIR holds the lead store, the generated keys, the mail outbox and any
// backups kept beside them: readable by the server's own user only (folders
// 0700, files 0600), set explicitly rather than left to the umask, which is
// 022 on most shells and only tightened by the systemd unit.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) owner-only, and makes an existing one owner-only too. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty if it is missing, and makes it owner-only either way (SQLite then gives its -wal and -shm the same mode). */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Makes an existing file owner-only; a missing one is no error. */
export function tightenIfPresent(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
