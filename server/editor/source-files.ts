import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import { lstat, mkdir, open, readdir, readFile, realpath, rename, unlink } from "node:fs/promises";
import path from "node:path";

// The content editor's reads and writes in the checkout. Fenced: a path is
// reached only through real folders inside one of the editor's folders
// (content/, the uploads folder); a symbolic link anywhere on the way, the
// file itself included, or a folder that resolves elsewhere, is refused
// before anything is read or written. Atomic: each file is written whole to
// a temporary file beside it, flushed, and renamed over the old one, so a
// kill mid-save leaves the old file or the new, never a part of one.

/** A path the editor may not reach; the message says why, for the owner. */
export class FileRefused extends Error {
  constructor(
    readonly filepath: string,
    reason: string,
  ) {
    super(reason);
  }
}

export interface SourceChange {
  /** Files to write whole, by their path in the checkout (posix). */
  write: { path: string; contents: Buffer }[];
  /** Files to remove; one already gone is no error. */
  remove: string[];
}

export interface SourceFiles {
  /** The checkout, as the server's setting names it. */
  readonly root: string;
  /** Throws FileRefused when the editor may not reach `filepath`. */
  check(filepath: string): Promise<void>;
  /** The file's bytes, undefined when there is none; throws FileRefused as `check`. */
  read(filepath: string): Promise<Buffer | undefined>;
  /** Every path checked first (one refusal, nothing changed), then each file written atomically, then the removals. */
  apply(change: SourceChange): Promise<void>;
  /** Removes the temporary files a save cut short by a stop left behind. */
  sweep(): Promise<number>;
}

/** `.hero.yaml.3f9a0c1b2d4e.saving`: dot-named, so neither a publish nor the drafts ever take one. */
const TEMPORARY = /^\..+\.[0-9a-f]{12}\.saving$/;
const temporaryName = (name: string) => `.${name}.${randomBytes(6).toString("hex")}.saving`;

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

async function lstatOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await lstat(file);
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
}

/** Flushes a folder's entries (a rename or removal in it) to disk. */
async function syncDir(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `sourceDir` is the checkout (itself it may be reached through a link: that is the server's setting); `fences` the folders in it the editor writes, e.g. `content`. */
export function sourceFiles(sourceDir: string, fences: readonly string[]): SourceFiles {
  const shownFences = fences.map((fence) => `${fence}/`).join(" and ");
  // Resolved at each use: the checkout may be made after this (a first start), or moved.
  const rootDir = () => realpath(sourceDir);

  /**
   * Walks `filepath` from the checkout, one name at a time, with lstat (which never follows a link):
   * the folders on the way, the first missing one (the rest are made by a write), and the file's own stat.
   */
  async function walk(filepath: string): Promise<{ file: string; firstMissing?: number; stat?: Stats }> {
    const segments = filepath.split("/");
    if (!fences.some((fence) => filepath.startsWith(`${fence}/`)) || segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
      throw new FileRefused(filepath, `the editor writes only inside ${shownFences}`);
    }
    const real = await rootDir();
    const file = path.join(real, ...segments);
    let at = real;
    for (const [index, segment] of segments.entries()) {
      at = path.join(at, segment);
      const stat = await lstatOrUndefined(at);
      const shown = segments.slice(0, index + 1).join("/");
      const last = index === segments.length - 1;
      if (stat?.isSymbolicLink()) throw new FileRefused(filepath, `${shown} is a symbolic link, which the editor never follows`);
      if (stat && !last && !stat.isDirectory()) throw new FileRefused(filepath, `${shown} is not a folder`);
      if (stat && last && !stat.isFile()) throw new FileRefused(filepath, `${shown} is not a plain file`);
      if (stat && !last) continue;
      // No link on the way, and the last folder there is resolves where its names say: inside the fence.
      const folder = path.dirname(at);
      if ((await realpath(folder)) !== folder) throw new FileRefused(filepath, `${segments.slice(0, index).join("/")} resolves outside ${shownFences}`);
      return { file, firstMissing: stat || last ? undefined : index, stat };
    }
    throw new FileRefused(filepath, "the path names no file");
  }

  /** The fence's folder when it is there as a real folder (no link on the way). */
  async function fenceFolder(fence: string): Promise<string | undefined> {
    const real = await rootDir().catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
    if (real === undefined) return undefined;
    let at = real;
    for (const segment of fence.split("/")) {
      at = path.join(at, segment);
      const stat = await lstatOrUndefined(at);
      if (!stat?.isDirectory()) return undefined;
    }
    return at;
  }

  /** Makes the folders a write needs, one at a time, each checked to be a folder and not a link once made. */
  async function makeFolders(filepath: string, firstMissing: number) {
    const segments = filepath.split("/");
    const real = await rootDir();
    for (let index = firstMissing; index < segments.length - 1; index += 1) {
      const folder = path.join(real, ...segments.slice(0, index + 1));
      await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
      const stat = await lstat(folder);
      if (stat.isSymbolicLink() || !stat.isDirectory()) throw new FileRefused(filepath, `${segments.slice(0, index + 1).join("/")} is not a folder`);
    }
  }

  return {
    root: sourceDir,

    async check(filepath) {
      await walk(filepath);
    },

    async read(filepath) {
      const { file, stat } = await walk(filepath);
      return stat ? readFile(file) : undefined;
    },

    async apply({ write, remove }) {
      const checked = new Map<string, Awaited<ReturnType<typeof walk>>>();
      for (const filepath of [...write.map((item) => item.path), ...remove]) checked.set(filepath, await walk(filepath));

      // Every new file is written whole and flushed before any replaces an old one.
      const written: { temporary: string; file: string }[] = [];
      try {
        for (const { path: filepath, contents } of write) {
          const { file, firstMissing, stat } = checked.get(filepath)!;
          if (firstMissing !== undefined) await makeFolders(filepath, firstMissing);
          const temporary = path.join(path.dirname(file), temporaryName(path.basename(file)));
          // "wx": a new file of our own, never one that appeared at that name; an edited file keeps its mode.
          const handle = await open(temporary, "wx", stat ? stat.mode & 0o777 : 0o666);
          written.push({ temporary, file });
          try {
            await handle.writeFile(contents);
            await handle.sync();
          } finally {
            await handle.close();
          }
        }
        // Checked again just before: a link put on the way meanwhile is refused, and nothing is replaced.
        for (const filepath of checked.keys()) await walk(filepath);
      } catch (error) {
        await Promise.all(written.map(({ temporary }) => unlink(temporary).catch(() => undefined)));
        throw error;
      }
      const folders = new Set<string>();
      for (const { temporary, file } of written) {
        await rename(temporary, file);
        folders.add(path.dirname(file));
      }
      for (const filepath of remove) {
        const { file, stat } = checked.get(filepath)!;
        if (!stat) continue;
        await unlink(file).catch((error: unknown) => {
          if (!missing(error)) throw error;
        });
        folders.add(path.dirname(file));
      }
      for (const folder of folders) await syncDir(folder);
    },

    async sweep() {
      let removed = 0;
      const visit = async (dir: string) => {
        const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
          if (missing(error)) return [];
          throw error;
        });
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          // Dirents do not follow links: a link to a folder is never entered.
          if (entry.isDirectory()) await visit(full);
          else if (entry.isFile() && TEMPORARY.test(entry.name)) {
            await unlink(full);
            removed += 1;
          }
        }
      };
      for (const fence of fences) {
        const folder = await fenceFolder(fence);
        if (folder) await visit(folder);
      }
      return removed;
    },
  };
}
