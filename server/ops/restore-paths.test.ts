import { createHash } from "node:crypto";
import { copyFile, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { MAIL_FOLDER } from "../mail/mailer";
import { openDatabase } from "../store/database";
import { BackupError, CHECKSUMS_FILE, MANIFEST_FILE, restoreBackup, SQLITE_FILE, takeBackup, type Manifest } from "./backup";

// A restore writes only the files a backup is made of: a manifest or a
// SHA256SUMS that names an absolute path, a "..", or any other file is refused
// before anything is written. Of the backup folder it copies exactly what
// SHA256SUMS lists, never through a symbolic link, and names what it left out.

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

describe("restore copies exactly what SHA256SUMS lists", () => {
  let source: string;
  let outside: string;
  const listedMail = "0190f0a0-0000-7000-8000-000000000001.eml";
  beforeAll(async () => {
    source = path.join(scratch, "with-mail");
    const { db } = await openDatabase({ dataDir: source });
    await db.destroy();
    await mkdir(path.join(source, MAIL_FOLDER));
    await writeFile(path.join(source, MAIL_FOLDER, listedMail), "Subject: listed\r\n\r\nkept\r\n");
    outside = path.join(scratch, "outside");
    await mkdir(outside);
    await writeFile(path.join(outside, "secret.eml"), "Subject: not ours\r\n\r\nfrom outside the backup\r\n");
  });

  async function leadsCli(env: Record<string, string>, ...argv: string[]) {
    let out = "";
    let err = "";
    const code = await runCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env });
    return { code, out, err };
  }

  it("leaves out unlisted files and symbolic links, and names each in the report", async () => {
    const { dir } = await takeBackup({ dataDir: source, into: path.join(scratch, "planted") });
    // Planted after the backup was taken: a mail file SHA256SUMS does not list, a link to a file outside, a stray file and folder.
    await writeFile(path.join(dir, MAIL_FOLDER, "0190f0a0-0000-7000-8000-0000000000ff.eml"), "Subject: planted\r\n\r\nunlisted\r\n");
    await symlink(path.join(outside, "secret.eml"), path.join(dir, MAIL_FOLDER, "0190f0a0-0000-7000-8000-0000000000fe.eml"));
    await writeFile(path.join(dir, "unsubscribe.secret"), "b".repeat(64));
    await mkdir(path.join(dir, "extra"));

    const target = path.join(scratch, "restored-planted");
    const result = await leadsCli({ DATA_DIR: target }, "restore", "--from", dir);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).not.toContain("Every file matched");
    expect(result.out).toContain("The 2 file(s) SHA256SUMS lists each matched its checksum and were restored");
    expect(result.out).toContain("Refused 4 file(s) in the backup folder, not restored:");
    expect(result.out).toContain(`${MAIL_FOLDER}/0190f0a0-0000-7000-8000-0000000000fe.eml (a symbolic link)`);
    expect(result.out).toContain(`${MAIL_FOLDER}/0190f0a0-0000-7000-8000-0000000000ff.eml (not listed in SHA256SUMS)`);
    expect(result.out).toContain("unsubscribe.secret (not listed in SHA256SUMS)");
    expect(result.out).toContain("extra/ (not listed in SHA256SUMS)");

    expect(await readdir(path.join(target, MAIL_FOLDER))).toEqual([listedMail]);
    await expect(stat(path.join(target, "unsubscribe.secret"))).rejects.toThrow();
  });

  it("answers what it refused from restoreBackup too", async () => {
    const { dir } = await takeBackup({ dataDir: source, into: path.join(scratch, "planted-api") });
    await writeFile(path.join(dir, MAIL_FOLDER, "0190f0a0-0000-7000-8000-0000000000fd.eml"), "unlisted");
    const result = await restoreBackup({ from: dir, dataDir: path.join(scratch, "restored-api") });
    expect(result.files).toBe(2);
    expect(result.refused).toEqual([{ file: `${MAIL_FOLDER}/0190f0a0-0000-7000-8000-0000000000fd.eml`, reason: "not listed in SHA256SUMS" }]);
  });

  it("refuses the whole restore when a listed file is a symbolic link, even to the same bytes", async () => {
    const { dir } = await takeBackup({ dataDir: source, into: path.join(scratch, "linked-listed") });
    const copy = path.join(outside, "same-bytes.eml");
    await copyFile(path.join(dir, MAIL_FOLDER, listedMail), copy);
    await rm(path.join(dir, MAIL_FOLDER, listedMail));
    await symlink(copy, path.join(dir, MAIL_FOLDER, listedMail));
    const target = path.join(scratch, "restored-linked-listed");
    await expect(restoreBackup({ from: dir, dataDir: target })).rejects.toThrow(`symbolic links, refused: ${MAIL_FOLDER}/${listedMail}`);
    await expect(stat(path.join(target, SQLITE_FILE))).rejects.toThrow();
  });

  it("never follows a mail folder that is a symbolic link", async () => {
    const { dir } = await takeBackup({ dataDir, into: path.join(scratch, "linked-folder") });
    await symlink(outside, path.join(dir, MAIL_FOLDER));
    const target = path.join(scratch, "restored-linked-folder");
    const result = await restoreBackup({ from: dir, dataDir: target });
    expect(result.refused).toEqual([{ file: MAIL_FOLDER, reason: "a symbolic link" }]);
    await expect(stat(path.join(target, MAIL_FOLDER))).rejects.toThrow();
  });

  it("moves a link in DATA_DIR named like a key aside instead of writing through it", async () => {
    const { dir } = await takeBackup({ dataDir, into: path.join(scratch, "link-in-data") });
    const target = path.join(scratch, "restored-link-in-data");
    await mkdir(target);
    const victim = path.join(outside, "victim.txt");
    await writeFile(victim, "untouched");
    await symlink(victim, path.join(target, "ip-hash.secret"));
    const refused = restoreBackup({ from: dir, dataDir: target });
    await expect(refused).rejects.toThrow(/already holds a store \(ip-hash\.secret\)/);
    const result = await restoreBackup({ from: dir, dataDir: target, force: true });
    expect(result.movedAsideTo).toBeDefined();
    expect(await readFile(victim, "utf8")).toBe("untouched");
    expect((await lstat(path.join(target, "ip-hash.secret"))).isFile()).toBe(true);
  });
});
