import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../store/database";
import { BackupError, CHECKSUMS_FILE, MANIFEST_FILE, restoreBackup, SQLITE_FILE, takeBackup, type Manifest } from "./backup";

// A restore writes only the files a backup is made of: a manifest or a
// SHA256SUMS that names an absolute path, a "..", or any other file is refused
// before anything is written.

let scratch: string;
let dataDir: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "restore-paths-"));
  dataDir = path.join(scratch, "data");
  const { db } = await openDatabase({ dataDir });
  await db.destroy();
  await writeFile(path.join(dataDir, "ip-hash.secret"), `${"a".repeat(64)}\n`);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A fresh backup, its manifest and SHA256SUMS rewritten by `edit` (the manifest's checksum of SHA256SUMS kept consistent). */
async function tamperedBackup(name: string, edit: (manifest: Manifest, sums: string[]) => void): Promise<string> {
  const { dir } = await takeBackup({ dataDir, into: path.join(scratch, name) });
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest;
  const sums = (await readFile(path.join(dir, CHECKSUMS_FILE), "utf8")).split("\n").filter(Boolean);
  edit(manifest, sums);
  const checksums = sums.map((line) => `${line}\n`).join("");
  manifest.checksumsSha256 = createHash("sha256").update(checksums).digest("hex");
  await writeFile(path.join(dir, CHECKSUMS_FILE), checksums);
  await writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

const sumOf = (text: string) => createHash("sha256").update(text).digest("hex");

describe("restore", () => {
  it("refuses a manifest whose secrets leave DATA_DIR, writing nothing", async () => {
    const payload = "not a key\n";
    const dir = await tamperedBackup("dotdot", (manifest, sums) => {
      manifest.secrets = ["../escaped.secret"];
      sums.push(`${sumOf(payload)}  ../escaped.secret`);
    });
    // The file the manifest points at, beside the backup folder.
    await writeFile(path.join(dir, "..", "escaped.secret"), payload);
    const target = path.join(scratch, "restored-1");
    await expect(restoreBackup({ from: dir, dataDir: target })).rejects.toThrow(BackupError);
    await expect(stat(path.join(target, "..", "escaped.secret"))).rejects.toThrow();
    await expect(stat(path.join(target, SQLITE_FILE))).rejects.toThrow();
  });

  it("refuses an absolute path in the manifest's secrets even when SHA256SUMS does not list it", async () => {
    const outside = path.join(scratch, "absolute.secret");
    await writeFile(outside, "x");
    const dir = await tamperedBackup("absolute", (manifest) => {
      manifest.secrets = [outside];
    });
    const target = path.join(scratch, "restored-2");
    await expect(restoreBackup({ from: dir, dataDir: target })).rejects.toThrow(/never holds/);
    await expect(stat(path.join(target, SQLITE_FILE))).rejects.toThrow();
  });

  it("refuses a file name the server never writes", async () => {
    const dir = await tamperedBackup("unknown", (manifest, sums) => {
      manifest.secrets = ["authorized_keys.secret"];
      sums.push(`${sumOf("key")}  authorized_keys.secret`);
    });
    await writeFile(path.join(dir, "authorized_keys.secret"), "key");
    const target = path.join(scratch, "restored-3");
    await expect(restoreBackup({ from: dir, dataDir: target })).rejects.toThrow(/authorized_keys/);
    await expect(stat(path.join(target, "authorized_keys.secret"))).rejects.toThrow();
  });

  it("still restores an untouched backup with its key", async () => {
    const { dir } = await takeBackup({ dataDir, into: path.join(scratch, "clean") });
    const target = path.join(scratch, "restored-4");
    const result = await restoreBackup({ from: dir, dataDir: target });
    expect(result.restored).toEqual([SQLITE_FILE, "ip-hash.secret"]);
    expect(await readFile(path.join(target, "ip-hash.secret"), "utf8")).toBe(`${"a".repeat(64)}\n`);
  });
});
