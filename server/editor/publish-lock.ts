import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";

// One publisher at a time per releases folder, across processes: whoever holds
// the lock may build, settle a journal a stop left, remove build folders and
// prune. Without it, a second instance with the editor on settled the first's
// journal and removed its running build. The lock is a file in the releases
// folder (a folder shared between machines shares it too), created whole with
// link(), which fails when the name exists as O_EXCL does (also on NFS). It
// names its holder; it is taken over only when that holder is certainly gone:
// on this host, a pid that no longer runs, or that runs a process started
// after the lock was taken (the pid was reused, after a reboot say).

export const LOCK_FILE = "publishing.lock";

export interface LockHolder {
  pid: number;
  host: string;
  /** When the lock was taken (ISO 8601). */
  since: string;
  /** Tells this process's own locks from a lock an earlier process with the same pid left. */
  token: string;
}

/** Another live process holds the lock: nothing of its publish may be touched. */
export class PublishLockHeld extends Error {
  override name = "PublishLockHeld";
  constructor(readonly holder: LockHolder) {
    super(`Another server is publishing into this releases folder (pid ${holder.pid} on ${holder.host}, since ${holder.since}): try again when it has finished.`);
  }
}

export interface PublishLock {
  release(): Promise<void>;
  /** Forgets the lock and leaves its file, as a kill would (the tests' and the crash drill's simulated stop). */
  abandon(): void;
}

/** The tokens of the locks this process holds now. */
const heldHere = new Set<string>();

/** A reused pid's process starts this long after the lock was taken at the earliest; within it, the clocks' rounding. */
const START_TIME_SLACK_MS = 2000;

/** When a process on this host started (Linux's /proc), undefined where that cannot be read. */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22, counted after the command name (which may hold spaces and parentheses).
    const startTicks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    // Linux reports start times in USER_HZ, 100 a second on every architecture it runs on.
    return Number.isFinite(startTicks) && Number.isFinite(bootSeconds) ? bootSeconds * 1000 + startTicks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder may still be running: anything not certainly gone counts as alive. */
export function holderAlive(holder: LockHolder): boolean {
  // Another machine's process cannot be asked; its lock is removed by hand when that machine is gone.
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return heldHere.has(holder.token);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const started = processStartMs(holder.pid);
  return started === undefined || started <= Date.parse(holder.since) + START_TIME_SLACK_MS;
}

async function readHolder(file: string): Promise<LockHolder | "gone" | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (typeof holder.pid === "number" && typeof holder.host === "string" && typeof holder.since === "string" && typeof holder.token === "string") return holder as LockHolder;
  } catch {
    // Not ours to read: a lock is created whole, so this one was not made by a publisher.
  }
  return undefined;
}

/** Takes the releases folder's lock, or throws PublishLockHeld naming the live process that holds it. */
export async function acquirePublishLock(releasesDir: string): Promise<PublishLock> {
  const file = path.join(releasesDir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomUUID() };
  const draft = `${file}.${holder.token}`;
  await writeFile(draft, JSON.stringify(holder), { mode: 0o600 });
  try {
    for (;;) {
      try {
        await link(draft, file);
        heldHere.add(holder.token);
        return lockOf(file, holder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const found = await readHolder(file);
      if (found === "gone") continue;
      if (found && holderAlive(found)) throw new PublishLockHeld(found);
      await setAside(file, found);
    }
  } finally {
    await rm(draft, { force: true });
  }
}

/**
 * Removes a stale lock. It is renamed first, so of two processes finding the
 * same stale lock only one removes it; if what was renamed is not the lock
 * judged stale (a live one took its place meanwhile), it is put back.
 */
async function setAside(file: string, stale: LockHolder | undefined) {
  const aside = `${file}.stale-${randomUUID()}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readHolder(aside);
  const same = stale === undefined ? moved === undefined : typeof moved === "object" && moved.token === stale.token;
  if (!same) await link(aside, file).catch(() => undefined);
  await rm(aside, { force: true });
}

function lockOf(file: string, holder: LockHolder): PublishLock {
  return {
    async release() {
      heldHere.delete(holder.token);
      // Only our own: a lock taken over after we were thought gone is another's now.
      const found = await readHolder(file);
      if (typeof found === "object" && found.token === holder.token) await rm(file, { force: true });
    },
    abandon() {
      heldHere.delete(holder.token);
    },
  };
}
