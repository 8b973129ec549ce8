import { createHash } from "node:crypto";
import { constants, type Dirent } from "node:fs";
import { chmod, copyFile, lstat, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { MAIL_FOLDER } from "../mail/mailer";
import { snapshotSqlite, type SnapshotCounts } from "./sqlite-snapshot";

// Backups of the SQLite store that restore: the database copied by SQLite's
// own online backup while leads keep arriving (sqlite-snapshot.ts), then the
// mail files and the secret files, with a manifest (counts, checksums) and a
// SHA256SUMS that `sha256sum -c` reads. A backup is built in a hidden folder
// and renamed into place when complete, so a folder named leads-backup-* is
// always a whole backup. PostgreSQL is backed up with pg_dump instead.

/** The store's file in DATA_DIR, as store/database.ts opens it. */
export const SQLITE_FILE = "leads.db";
/** Every backup folder's name starts with this, then its UTC time (sortable). */
export const BACKUP_PREFIX = "leads-backup-";
export const MANIFEST_FILE = "manifest.json";
export const CHECKSUMS_FILE = "SHA256SUMS";
/** Keys generated into DATA_DIR on first start (IP hashing, unsubscribe links, sessions): without them restored links and hashes stop matching. */
const SECRET_SUFFIX = ".secret";
/** The only key files a backup holds and a restore writes: a manifest naming any other is refused. */
export const SECRET_FILES: readonly string[] = ["ip-hash.secret", "unsubscribe.secret", "admin-session.secret"];
/** A mail file as the mailer names it: <outbox row id>.eml, no folder. */
const MAIL_FILE = /^[0-9A-Za-z][0-9A-Za-z_-]*\.eml$/;
const MANIFEST_FORMAT = 1;
/** Files copied at once: enough to keep the disk busy, few enough to leave descriptors for the server. */
const COPY_CONCURRENCY = 16;
/** How much of a file a restore reads at once. */
const COPY_CHUNK_BYTES = 1024 * 1024;
/** A hidden half-built backup older than this was left by a crash and is removed when pruning. */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

export const POSTGRES_BACKUP_ADVICE = `The lead store is PostgreSQL (DATABASE_URL): back it up with PostgreSQL's own tools, for example
  pg_dump --format=custom --file=leads-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"
and restore with
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" leads-….dump
(docs/operating.md). The mail folder and secret files in DATA_DIR are copied with any file backup.`;

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  /** How the database was copied. */
  method: "sqlite-online-backup";
  database: { file: string; bytes: number; sha256: string; migrations: string[]; counts: SnapshotCounts };
  secrets: string[];
  mail: { folder: string; files: number; bytes: number };
  /** sha256 of SHA256SUMS, which lists every other file. */
  checksumsSha256: string;
  /** How long taking it took. */
  ms: number;
}

export class BackupError extends Error {
  override name = "BackupError";
}

/** Never through a symbolic link (O_NOFOLLOW): a backup's files are checked where they are, not where a link points. */
async function sha256File(file: string): Promise<string> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  const hash = createHash("sha256");
  // The stream closes the handle when it ends or fails.
  for await (const chunk of handle.createReadStream()) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function fsyncPath(target: string) {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += COPY_CONCURRENCY) await Promise.all(items.slice(start, start + COPY_CONCURRENCY).map(work));
}

async function listFiles(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && keep(entry.name)).map((entry) => entry.name).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

const stampOf = (date: Date) => date.toISOString().replace(/:/g, "-");
/** The time in a backup folder's name, or null for anything else. */
export function backupTime(name: string): Date | null {
  const match = new RegExp(`^${BACKUP_PREFIX}(\\d{4}-\\d\\d-\\d\\dT\\d\\d)-(\\d\\d)-(\\d\\d\\.\\d{3}Z)$`).exec(name);
  if (!match) return null;
  const date = new Date(`${match[1]}:${match[2]}:${match[3]}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => backupTime(name) !== null).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/**
 * Takes a backup of the SQLite store in `dataDir` into a new folder inside
 * `into`. Safe while a server uses the store: leads committed before it began
 * are in the copy; later ones are not (the next backup has them).
 */
export async function takeBackup({ dataDir, into, now = new Date() }: { dataDir: string; into: string; now?: Date }): Promise<BackupResult> {
  const started = performance.now();
  const source = path.join(dataDir, SQLITE_FILE);
  if (!(await stat(source).catch(() => null))?.isFile()) throw new BackupError(`No SQLite store at ${source}: nothing to back up (is DATA_DIR right?).`);
  const name = `${BACKUP_PREFIX}${stampOf(now)}`;
  const final = path.join(into, name);
  const partial = path.join(into, `.${name}.partial`);
  await mkdir(into, { recursive: true, mode: 0o700 });
  if (await stat(final).catch(() => null)) throw new BackupError(`${final} already exists.`);
  await mkdir(partial, { mode: 0o700 });
  try {
    // The database first: every email marked sent in it was written to its file before, so the mail copied next has it.
    const snapshot = await snapshotSqlite(source, path.join(partial, SQLITE_FILE));
    await chmod(path.join(partial, SQLITE_FILE), 0o600);

    const secrets = await listFiles(dataDir, (file) => SECRET_FILES.includes(file));
    await inBatches(secrets, async (file) => {
      await copyFile(path.join(dataDir, file), path.join(partial, file));
      await chmod(path.join(partial, file), 0o600);
    });

    // Only whole messages: the mailer writes <id>.eml.tmp and renames it.
    const mail = await listFiles(path.join(dataDir, MAIL_FOLDER), (file) => MAIL_FILE.test(file));
    if (mail.length > 0) await mkdir(path.join(partial, MAIL_FOLDER), { mode: 0o700 });
    let mailBytes = 0;
    await inBatches(mail, async (file) => {
      const target = path.join(partial, MAIL_FOLDER, file);
      await copyFile(path.join(dataDir, MAIL_FOLDER, file), target);
      await chmod(target, 0o600);
      mailBytes += (await stat(target)).size;
    });

    const files = [SQLITE_FILE, ...secrets, ...mail.map((file) => `${MAIL_FOLDER}/${file}`)];
    // The database's checksum was taken by the backup thread (it is by far the largest file).
    const sums = new Map<string, string>([[SQLITE_FILE, snapshot.sha256]]);
    await inBatches(files.slice(1), async (file) => {
      sums.set(file, await sha256File(path.join(partial, file)));
    });
    const checksums = files.map((file) => `${sums.get(file)}  ${file}\n`).join("");
    await writeFile(path.join(partial, CHECKSUMS_FILE), checksums, { mode: 0o600 });

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      method: "sqlite-online-backup",
      database: {
        file: SQLITE_FILE,
        bytes: (await stat(path.join(partial, SQLITE_FILE))).size,
        sha256: sums.get(SQLITE_FILE) ?? "",
        migrations: snapshot.migrations,
        counts: snapshot.counts,
      },
      secrets,
      mail: { folder: MAIL_FOLDER, files: mail.length, bytes: mailBytes },
      checksumsSha256: createHash("sha256").update(checksums).digest("hex"),
      ms: 0,
    };
    manifest.ms = Math.round(performance.now() - started);
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // Durable before it is named a backup: every file, its folders, then the rename.
    await inBatches([...files, CHECKSUMS_FILE, MANIFEST_FILE], (file) => fsyncPath(path.join(partial, file)));
    if (mail.length > 0) await fsyncPath(path.join(partial, MAIL_FOLDER));
    await fsyncPath(partial);
    await rename(partial, final);
    await fsyncPath(into);
    return { dir: final, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Removes all but the newest `keep` backups in `dir` (and half-built ones a crash left); answers what it removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir);
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(`.${BACKUP_PREFIX}`) || !name.endsWith(".partial")) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) await rm(path.join(dir, name), { recursive: true, force: true });
  }
  return removed;
}

/** A file in a backup folder that a restore leaves where it is, and why. */
export interface RefusedFile {
  /** Its path inside the backup, "/"-separated; a folder ends with "/". */
  file: string;
  reason: "not listed in SHA256SUMS" | "a symbolic link";
}

export interface VerifiedBackup {
  manifest: Manifest;
  /** The files SHA256SUMS lists, each a regular file matching its checksum: what a restore copies, and nothing else. */
  files: string[];
  refused: RefusedFile[];
}

/** A folder's entries, typed as lstat sees them; none when it is missing or not a folder (the caller says why). */
async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw error;
  }
}

/**
 * Reads a backup's manifest and checks every file SHA256SUMS lists against its
 * checksum; throws a BackupError naming the first problem. Anything else in the
 * folder, and any symbolic link (never followed), is answered as refused.
 */
export async function verifyBackup(dir: string): Promise<VerifiedBackup> {
  // Dirent types come from lstat: a link is a link here, whatever it points at.
  const top = await entriesOf(dir);
  const links = new Set(top.filter((entry) => entry.isSymbolicLink()).map((entry) => entry.name));
  for (const file of [MANIFEST_FILE, CHECKSUMS_FILE]) {
    if (links.has(file)) throw new BackupError(`${path.join(dir, file)} is a symbolic link: refused. Nothing was changed.`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not readable JSON: ${(error as Error).message}`);
    const inside = await listBackups(dir);
    throw new BackupError(
      inside.length > 0
        ? `${dir} holds backups, not one backup: name one, e.g. ${path.join(dir, inside.at(-1) ?? "")} (the newest).`
        : `${dir} is not a backup: it has no ${MANIFEST_FILE}.`,
    );
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new BackupError(`${dir}: unknown backup format ${String(manifest.format)} (this version reads ${MANIFEST_FORMAT}).`);
  const checksums = await readFile(path.join(dir, CHECKSUMS_FILE), "utf8").catch(() => null);
  if (checksums === null) throw new BackupError(`${dir} has no ${CHECKSUMS_FILE}: incomplete backup.`);
  if (createHash("sha256").update(checksums).digest("hex") !== manifest.checksumsSha256) throw new BackupError(`${CHECKSUMS_FILE} in ${dir} does not match the manifest.`);
  const lines = checksums.split("\n").filter(Boolean).map((line) => /^([0-9a-f]{64}) {2}(.+)$/.exec(line));
  const listed = lines.map((match) => match?.[2] ?? "");
  if (lines.some((match) => !match) || !listed.includes(manifest.database.file)) throw new BackupError(`${CHECKSUMS_FILE} in ${dir} is malformed.`);
  // Every name a restore writes, from either list, must be one this code writes itself: never an
  // absolute path, a "..", a folder of its own or a file the server would not make.
  const unknown = [
    ...(manifest.database.file === SQLITE_FILE ? [] : [String(manifest.database.file)]),
    ...(Array.isArray(manifest.secrets) ? manifest.secrets : [String(manifest.secrets)]).filter((file) => !SECRET_FILES.includes(file) || !listed.includes(file)),
    ...listed.filter((file) => !isBackupFile(file)),
  ];
  if (unknown.length > 0) throw new BackupError(`${dir} names file(s) a backup never holds: ${unknown.slice(0, 5).map((file) => JSON.stringify(file)).join(", ")}. Nothing was changed.`);

  const mailListed = listed.some((file) => file.startsWith(`${MAIL_FOLDER}/`));
  const mailFolder = top.find((entry) => entry.name === MAIL_FOLDER);
  if (mailListed && mailFolder?.isSymbolicLink()) throw new BackupError(`${path.join(dir, MAIL_FOLDER)} is a symbolic link: refused. Nothing was changed.`);
  const mail = mailFolder?.isDirectory() ? await entriesOf(path.join(dir, MAIL_FOLDER)) : [];
  // A listed file must be the file itself: a link (or a folder) in its place refuses the whole restore.
  const regular = new Set([
    ...top.filter((entry) => entry.isFile()).map((entry) => entry.name),
    ...mail.filter((entry) => entry.isFile()).map((entry) => `${MAIL_FOLDER}/${entry.name}`),
  ]);
  const linked = new Set([...links, ...mail.filter((entry) => entry.isSymbolicLink()).map((entry) => `${MAIL_FOLDER}/${entry.name}`)]);
  const notFiles = listed.filter((file) => linked.has(file));
  if (notFiles.length > 0) throw new BackupError(`${dir}: ${notFiles.length} listed file(s) are symbolic links, refused: ${notFiles.slice(0, 5).join(", ")}${notFiles.length > 5 ? ", …" : ""}. Nothing was changed.`);

  const bad: string[] = [];
  await inBatches(lines, async (match) => {
    const [, sum = "", file = ""] = match ?? [];
    const actual = regular.has(file) ? await sha256File(path.join(dir, file)).catch(() => "missing") : "missing";
    if (actual !== sum) bad.push(file);
  });
  if (bad.length > 0) throw new BackupError(`${dir}: ${bad.length} file(s) missing or changed since the backup: ${bad.slice(0, 5).join(", ")}${bad.length > 5 ? ", …" : ""}`);

  const expected = new Set([MANIFEST_FILE, CHECKSUMS_FILE, ...listed]);
  const refusedOf = (entry: Dirent, name: string): RefusedFile | null => {
    if (entry.isSymbolicLink()) return { file: name, reason: "a symbolic link" };
    return expected.has(name) ? null : { file: entry.isDirectory() ? `${name}/` : name, reason: "not listed in SHA256SUMS" };
  };
  const refused = [
    ...top.filter((entry) => !(entry.name === MAIL_FOLDER && entry.isDirectory())).map((entry) => refusedOf(entry, entry.name)),
    ...mail.map((entry) => refusedOf(entry, `${MAIL_FOLDER}/${entry.name}`)),
  ].filter((entry) => entry !== null);
  refused.sort((a, b) => a.file.localeCompare(b.file));
  return { manifest, files: listed, refused };
}

/** Whether `file` (a path inside a backup, "/"-separated) is one a backup is made of. */
function isBackupFile(file: string): boolean {
  if (file === SQLITE_FILE || SECRET_FILES.includes(file)) return true;
  const [folder, name = "", ...rest] = file.split("/");
  return folder === MAIL_FOLDER && rest.length === 0 && MAIL_FILE.test(name);
}

/**
 * Whether some process (a server, its checkpoint thread, the export) has the
 * store open: SQLite's exclusive lock cannot be had while any connection holds
 * the WAL's shared lock.
 */
export function storeInUse(file: string): boolean {
  const db = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the files the restore replaced were moved (nothing is deleted), if there were any. */
  movedAsideTo?: string;
  restored: string[];
  /** How many files were copied: exactly those SHA256SUMS lists. */
  files: number;
  /** What the backup folder held besides them, left where it is. */
  refused: RefusedFile[];
  /** Pending deliveries whose claim (by a worker of the backed-up server) was released. */
  released: number;
}

const storeFiles = [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`];

/**
 * Copies a regular file to a new file, never through a symbolic link at either
 * end (O_NOFOLLOW; O_EXCL), so a link put in the backup or in DATA_DIR after
 * the checks still writes nothing outside DATA_DIR.
 */
async function copyRegularFile(from: string, to: string) {
  const source = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "ELOOP" ? new BackupError(`${from} is a symbolic link: refused.`) : error;
  });
  try {
    if (!(await source.stat()).isFile()) throw new BackupError(`${from} is not a regular file: refused.`);
    const target = await open(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      const chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
      for (let read = await source.read(chunk, 0, chunk.length); read.bytesRead > 0; read = await source.read(chunk, 0, chunk.length)) {
        for (let written = 0; written < read.bytesRead; ) written += (await target.write(chunk, written, read.bytesRead - written)).bytesWritten;
      }
      await target.chmod(0o600);
      await target.sync();
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** The names in DATA_DIR a restore would replace, of any type (a link named like a key file is moved aside, not written through). */
async function presentStoreFiles(dataDir: string): Promise<string[]> {
  const present = (await entriesOf(dataDir)).filter((entry) => storeFiles.includes(entry.name) || entry.name.endsWith(SECRET_SUFFIX)).map((entry) => entry.name);
  const mail = await lstat(path.join(dataDir, MAIL_FOLDER)).catch(() => null);
  if (mail && (!mail.isDirectory() || (await readdir(path.join(dataDir, MAIL_FOLDER))).length > 0)) present.push(MAIL_FOLDER);
  return present.sort();
}

/**
 * Puts a backup back into `dataDir`: exactly the files its SHA256SUMS lists.
 * Refuses while a process holds the store, and refuses to replace an existing
 * store without `force`; with it, the existing files are moved into
 * dataDir/replaced-by-restore-<time>/.
 */
export async function restoreBackup({ from, dataDir, force = false, now = new Date() }: { from: string; dataDir: string; force?: boolean; now?: Date }): Promise<RestoreResult> {
  const { manifest, files, refused } = await verifyBackup(from);
  const live = path.join(dataDir, SQLITE_FILE);
  const liveExists = Boolean(await stat(live).catch(() => null));
  if (liveExists && storeInUse(live)) {
    throw new BackupError(`A process has the store at ${live} open (a running server?): stop it first (systemctl stop freelancer-site), then restore.`);
  }
  const present = await presentStoreFiles(dataDir);
  if (present.length > 0 && !force) {
    throw new BackupError(`${dataDir} already holds a store (${present.join(", ")}). Nothing was changed. Re-run with --force to restore anyway: the current files are moved aside into ${dataDir}/replaced-by-restore-<time>/, not deleted.`);
  }
  let movedAsideTo: string | undefined;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (present.length > 0) {
    movedAsideTo = path.join(dataDir, `replaced-by-restore-${stampOf(now)}`);
    await mkdir(movedAsideTo, { mode: 0o700 });
    // The database, its WAL and its shared memory move together: a stale WAL beside a restored file would corrupt it.
    for (const file of present) await rename(path.join(dataDir, file), path.join(movedAsideTo, file));
  }
  const restored: string[] = [];
  // Written under a temporary name and renamed, so a crash mid-copy never leaves a half store named leads.db.
  const incoming = `${live}.restoring`;
  await rm(incoming, { force: true });
  await copyRegularFile(path.join(from, SQLITE_FILE), incoming);
  await rename(incoming, live);
  restored.push(SQLITE_FILE);
  // Deliveries a worker had claimed when the backup was taken belong to a process that is gone: free them
  // now rather than when their lease runs out, so the restored server delivers them at once.
  const store = new SqliteDatabase(live, { fileMustExist: true });
  let released: number;
  try {
    released = store.prepare("update outbox set locked_until = null where status = 'pending' and locked_until is not null").run().changes;
  } finally {
    store.close();
  }
  // verifyBackup has checked each name; checked again here, where it is written.
  const secrets = files.filter((file) => SECRET_FILES.includes(file));
  await inBatches(secrets, async (file) => {
    if (!SECRET_FILES.includes(file)) throw new BackupError(`Refusing to restore ${JSON.stringify(file)}: not a key file.`);
    await copyRegularFile(path.join(from, file), path.join(dataDir, file));
    restored.push(file);
  });
  const mail = files.filter((file) => file.startsWith(`${MAIL_FOLDER}/`)).map((file) => file.slice(MAIL_FOLDER.length + 1));
  if (mail.length > 0) {
    await mkdir(path.join(dataDir, MAIL_FOLDER), { recursive: true, mode: 0o700 });
    await inBatches(mail, async (file) => {
      if (!MAIL_FILE.test(file)) throw new BackupError(`Refusing to restore ${JSON.stringify(file)}: not a mail file.`);
      await copyRegularFile(path.join(from, MAIL_FOLDER, file), path.join(dataDir, MAIL_FOLDER, file));
    });
    await fsyncPath(path.join(dataDir, MAIL_FOLDER));
    restored.push(`${MAIL_FOLDER}/ (${mail.length} files)`);
  }
  await fsyncPath(dataDir);
  return { manifest, movedAsideTo, restored, files: files.length, refused, released };
}
