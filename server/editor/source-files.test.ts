import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileRefused, sourceFiles, type SourceFiles } from "./source-files";

// The editor's writes in the checkout: each file replaced whole or not at
// all, and nothing reached through a symbolic link or outside its folders.

let root: string;
let checkout: string;
let outside: string;
let files: SourceFiles;

/** The refusal's message for `filepath`, or "reached". */
const reason = (filepath: string) =>
  files.check(filepath).then(
    () => "reached",
    (error: unknown) => (error instanceof FileRefused ? error.message : Promise.reject(error)),
  );
/** Every file name under a folder, however deep. */
const names = async (dir: string) => (await readdir(dir, { recursive: true })).map(String).sort();

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "source-files-"));
  checkout = path.join(root, "checkout");
  outside = path.join(root, "outside");
  await mkdir(path.join(checkout, "content", "tenders"), { recursive: true });
  await mkdir(path.join(checkout, "public", "media", "uploads"), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(checkout, "content", "hero.yaml"), "headline: Old\n");
  await writeFile(path.join(outside, "secret.yaml"), "secret: kept\n");
  files = sourceFiles(checkout, ["content", "public/media/uploads"]);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the editor's files", () => {
  it("refuses any path through a symbolic link, wherever on the way, even one that stays inside", async () => {
    await symlink(path.join(outside, "secret.yaml"), path.join(checkout, "content", "tenders", "linked.yaml"));
    await symlink(outside, path.join(checkout, "content", "faqs"));
    await symlink(path.join(checkout, "content", "tenders"), path.join(checkout, "content", "alias"));
    await symlink(outside, path.join(checkout, "public", "media", "uploads", "items"));
    expect(await reason("content/tenders/linked.yaml")).toBe("content/tenders/linked.yaml is a symbolic link, which the editor never follows");
    expect(await reason("content/faqs/new.yaml")).toBe("content/faqs is a symbolic link, which the editor never follows");
    expect(await reason("content/alias/roof.yaml")).toBe("content/alias is a symbolic link, which the editor never follows");
    expect(await reason("public/media/uploads/items/0/avatar.jpg")).toBe("public/media/uploads/items is a symbolic link, which the editor never follows");
    for (const filepath of ["content/tenders/linked.yaml", "content/faqs/new.yaml", "public/media/uploads/items/0/avatar.jpg"]) {
      await expect(files.apply({ write: [{ path: filepath, contents: Buffer.from("x: 1\n") }], remove: [] }), filepath).rejects.toThrow(FileRefused);
      await expect(files.apply({ write: [], remove: [filepath] }), filepath).rejects.toThrow(FileRefused);
      await expect(files.read(filepath), filepath).rejects.toThrow(FileRefused);
    }
    expect(await readFile(path.join(outside, "secret.yaml"), "utf8")).toBe("secret: kept\n");
    expect(await names(outside)).toEqual(["secret.yaml"]);
  });

  it("refuses a link as the editor's folder itself, a path outside its folders, and what is not a plain file", async () => {
    await rm(path.join(checkout, "public", "media", "uploads"), { recursive: true });
    await symlink(outside, path.join(checkout, "public", "media", "uploads"));
    expect(await reason("public/media/uploads/face.jpg")).toBe("public/media/uploads is a symbolic link, which the editor never follows");
    expect(await reason("package.json")).toBe("the editor writes only inside content/ and public/media/uploads/");
    expect(await reason("content/../package.json")).toBe("the editor writes only inside content/ and public/media/uploads/");
    expect(await reason("content/tenders")).toBe("content/tenders is not a plain file");
    expect(await reason("content/hero.yaml/x.yaml")).toBe("content/hero.yaml is not a folder");
    expect(await reason("content/hero.yaml")).toBe("reached");
    expect(await reason("content/new/deeper/file.yaml")).toBe("reached");
  });

  it("replaces each file whole: a write that fails leaves every file as it was and no temporary file behind", async () => {
    const hero = path.join(checkout, "content", "hero.yaml");
    await expect(
      files.apply({
        write: [
          { path: "content/hero.yaml", contents: Buffer.from("headline: New\n") },
          // Fails mid-write, after the first file's new contents are on disk beside it.
          { path: "content/tenders/roof.yaml", contents: 42 as unknown as Buffer },
        ],
        remove: [],
      }),
    ).rejects.toThrow();
    expect(await readFile(hero, "utf8")).toBe("headline: Old\n");
    expect(await names(path.join(checkout, "content"))).toEqual(["hero.yaml", "tenders"]);

    const before = await stat(hero);
    await files.apply({ write: [{ path: "content/hero.yaml", contents: Buffer.from("headline: New\n") }, { path: "content/a/b/c.yaml", contents: Buffer.from("c: 1\n") }], remove: [] });
    expect(await readFile(hero, "utf8")).toBe("headline: New\n");
    // A new file took the old one's name (a reader holding the old one still reads it whole), with its mode.
    expect((await stat(hero)).ino).not.toBe(before.ino);
    expect((await stat(hero)).mode).toBe(before.mode);
    expect(await readFile(path.join(checkout, "content", "a", "b", "c.yaml"), "utf8")).toBe("c: 1\n");
    expect((await names(path.join(checkout, "content"))).filter((name) => name.includes(".saving"))).toEqual([]);

    await files.apply({ write: [], remove: ["content/a/b/c.yaml", "content/gone.yaml"] });
    expect(await names(path.join(checkout, "content", "a"))).toEqual(["b"]);
  });

  it("sweeps the temporary files a stop left, and nothing else", async () => {
    await writeFile(path.join(checkout, "content", "tenders", ".roof.yaml.0123456789ab.saving"), "half");
    await writeFile(path.join(checkout, "content", ".notes.saving"), "kept");
    await writeFile(path.join(outside, ".secret.yaml.0123456789ab.saving"), "not ours");
    await symlink(outside, path.join(checkout, "content", "faqs"));
    expect(await files.sweep()).toBe(1);
    expect((await readdir(path.join(checkout, "content"))).sort()).toEqual([".notes.saving", "faqs", "hero.yaml", "tenders"]);
    expect(await readdir(path.join(checkout, "content", "tenders"))).toEqual([]);
    expect(await names(outside)).toEqual([".secret.yaml.0123456789ab.saving", "secret.yaml"]);
  });
});
