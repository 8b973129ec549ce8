import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquirePublishLock, LOCK_FILE, PublishLockHeld, type LockHolder } from "./publish-lock";

// One publisher per releases folder: a live holder is never displaced, a gone
// one always is, and the refusal names who holds the lock.

let releases: string;
const children: ChildProcess[] = [];

/** A process that runs until the test ends: a live holder other than this one. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  children.push(child);
  await once(child, "spawn");
  return child.pid!;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await once(child, "exit");
  return child.pid!;
}

const writeHolder = (holder: Partial<LockHolder>) =>
  writeFile(path.join(releases, LOCK_FILE), JSON.stringify({ host: hostname(), since: new Date().toISOString(), token: "another", ...holder }));

beforeEach(async () => {
  releases = await mkdtemp(path.join(tmpdir(), "publish-lock-"));
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  await rm(releases, { recursive: true, force: true });
});

describe("the publishing lock", () => {
  it("is held by one at a time, and refused to a second with the holder's pid, host and start", async () => {
    const first = await acquirePublishLock(releases);
    const refused = await acquirePublishLock(releases).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublishLockHeld);
    expect((refused as Error).message).toMatch(new RegExp(`^Another server is publishing into this releases folder \\(pid ${process.pid} on ${hostname()}, since \\d{4}-`));
    await first.release();
    expect(existsSync(path.join(releases, LOCK_FILE))).toBe(false);
    await (await acquirePublishLock(releases)).release();
    // Nothing is left beside it.
    expect(await readdir(releases)).toEqual([]);
  });

  it("is never taken from a live process", async () => {
    await writeHolder({ pid: await liveProcess() });
    await expect(acquirePublishLock(releases)).rejects.toBeInstanceOf(PublishLockHeld);
    // Nor from another machine's, which this one cannot ask.
    await writeHolder({ pid: process.pid, host: "another-machine" });
    await expect(acquirePublishLock(releases)).rejects.toThrow(/pid \d+ on another-machine/);
  });

  it("is taken over from a process that has gone, from one whose pid now runs a later process, and from this pid's earlier life", async () => {
    for (const holder of [{ pid: await deadPid() }, { pid: await liveProcess(), since: "2020-01-01T00:00:00.000Z" }, { pid: process.pid }]) {
      await writeHolder(holder);
      const lock = await acquirePublishLock(releases);
      const taken = JSON.parse(await readFile(path.join(releases, LOCK_FILE), "utf8")) as LockHolder;
      expect(taken.pid, JSON.stringify(holder)).toBe(process.pid);
      expect(taken.token).not.toBe("another");
      await lock.release();
    }
  });

  it("left behind by a stop (abandoned), is taken over by the next start of the same process", async () => {
    (await acquirePublishLock(releases)).abandon();
    expect(existsSync(path.join(releases, LOCK_FILE))).toBe(true);
    await (await acquirePublishLock(releases)).release();
  });
});
