import { setPriority } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { recordCliAction } from "../store/audit";
import type { Io } from "../command-line";
import { loadConfig } from "../config";
import { BACKUP_NICENESS } from "./sqlite-snapshot";
import { BackupError, CHECKSUMS_FILE, POSTGRES_BACKUP_ADVICE, pruneBackups, restoreBackup, takeBackup, type Manifest, type RefusedFile } from "./backup";

// `npm run leads -- backup --to DIR [--keep N]` and
// `npm run leads -- restore --from BACKUP [--force]`, reading the same
// configuration as the server (DATA_DIR, DATABASE_URL).

export const backupUsage = `Usage: npm run leads -- backup --to DIR [--keep N]
       npm run leads -- restore --from BACKUP [--force]

  backup    copies the SQLite store (online, while the server runs), the mail files and the
            secret files of DATA_DIR into a new folder DIR/leads-backup-<UTC time>/
  --keep    then removes all but the newest N backups in DIR
  restore   puts a backup folder back into DATA_DIR after checking every file's checksum:
            exactly the files its SHA256SUMS lists, never a symbolic link; names what
            else the folder held and was left out; refuses while a server has the store open
  --force   restore over an existing store: its files are moved aside, not deleted`;

const describe = (manifest: Manifest) => {
  const { counts } = manifest.database;
  return [
    `${counts.enquiries} enquiries, ${counts.subscribers} subscribers`,
    `${counts.outbox.pending + counts.outbox.sent + counts.outbox.failed} outbox deliveries (${counts.outbox.pending} pending, ${counts.outbox.failed} failed) with ${counts.deliveryAttempts} attempts`,
    `${manifest.mail.files} mail files, ${manifest.secrets.length} secret files`,
  ].join("; ");
};

/** Refused files named in the report; the rest are counted. */
const REFUSED_NAMED_MAX = 20;

const describeRefused = (refused: RefusedFile[]) => {
  const named = refused.slice(0, REFUSED_NAMED_MAX).map(({ file, reason }) => `  ${file} (${reason})`);
  if (refused.length > REFUSED_NAMED_MAX) named.push(`  … and ${refused.length - REFUSED_NAMED_MAX} more`);
  return [`Refused ${refused.length} file(s) in the backup folder, not restored:`, ...named].join("\n");
};

/** Runs `backup` or `restore`; resolves to the exit code (2 for a usage error, 1 when it refused or failed). */
export async function runBackupCli(argv: string[], io: Io): Promise<number> {
  let values;
  let command: string | undefined;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { to: { type: "string" }, from: { type: "string" }, keep: { type: "string" }, force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
    });
    values = parsed.values;
    command = parsed.positionals[0];
    if (values.help) {
      io.out(`${backupUsage}\n`);
      return 0;
    }
    if (parsed.positionals.length !== 1) throw new Error(`Expected one command, got: ${parsed.positionals.join(" ")}`);
    if (command === "backup" && !values.to) throw new Error("backup needs --to DIR.");
    if (command === "backup" && values.keep !== undefined && !/^[1-9]\d*$/.test(values.keep)) throw new Error("--keep must be a whole number of at least 1.");
    if (command === "restore" && !values.from) throw new Error("restore needs --from BACKUP (a leads-backup-… folder).");
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${backupUsage}\n`);
    return 2;
  }
  const config = loadConfig(io.env ?? process.env);
  if (config.databaseUrl) {
    io.err(`${POSTGRES_BACKUP_ADVICE}\n`);
    return 1;
  }
  try {
    if (command === "backup") {
      // The copy is the owner's, not the visitors': the whole command runs at the lowest CPU priority.
      setPriority(BACKUP_NICENESS);
      const into = path.resolve(values.to ?? "");
      const { dir, manifest } = await takeBackup({ dataDir: config.dataDir, into });
      await recordCliAction(config, "backup", { enquiries: manifest.database.counts.enquiries, subscribers: manifest.database.counts.subscribers, mailFiles: manifest.mail.files });
      io.out(`Backup written to ${dir} in ${manifest.ms} ms: ${describe(manifest)}. Database ${manifest.database.bytes} bytes, sha256 ${manifest.database.sha256}.\n`);
      if (values.keep !== undefined) {
        const removed = await pruneBackups(into, Number(values.keep));
        if (removed.length > 0) io.out(`Removed ${removed.length} older backup(s), keeping the newest ${values.keep}: ${removed.join(", ")}.\n`);
      }
      return 0;
    }
    const from = path.resolve(values.from ?? "");
    const result = await restoreBackup({ from, dataDir: config.dataDir, force: values.force });
    // Into the restored store: the trail of the store that was replaced went aside with it.
    await recordCliAction(config, "restore", {
      enquiries: result.manifest.database.counts.enquiries,
      subscribers: result.manifest.database.counts.subscribers,
      released: result.released,
      refused: result.refused.length,
    });
    io.out(
      [
        `Restored the backup taken ${result.manifest.createdAt} from ${from} into ${config.dataDir}: ${describe(result.manifest)}. The ${result.files} file(s) ${CHECKSUMS_FILE} lists each matched its checksum and were restored.`,
        result.refused.length > 0 ? describeRefused(result.refused) : "",
        result.released > 0 ? `${result.released} deliveries that were being sent when the backup was taken will be sent again (same Message-ID, so a duplicate can be recognised).` : "",
        result.movedAsideTo ? `The files it replaced were moved to ${result.movedAsideTo}; delete that folder once the restored site is working.` : "",
        "Start the server: it brings the schema up to date and the outbox delivers what was pending.",
      ]
        .filter(Boolean)
        .join("\n") + "\n",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(`${error.message}\n`);
    return 1;
  }
}
