import { CLI_ACTOR } from "./store/audit";
import { parseCommand, runAsScript, runCommand, UsageError, type Io } from "./command-line";
import { loadConfig } from "./config";
import { exportColumns, toCsv, toRecords } from "./export";
import { backupUsage, runBackupCli } from "./ops/backup-cli";
import { privacyCommands, privacyUsage, runPrivacyCli } from "./privacy/privacy-cli";
import { spamExportColumns } from "./spam/spam-admin";
import { openStoreApp } from "./store/store-app";

// The owner's command line: `npm run leads -- export --kind enquiries|subscribers
// [--since DATE] [--format csv|json]` writes the leads to stdout; `backup` and
// `restore` are ops/backup-cli.ts; `purge`, `erase` and `person` are
// privacy/privacy-cli.ts. It reads the same configuration as the server
// (DATA_DIR or DATABASE_URL). Each command is recorded in the audit trail
// (store/audit.ts) as done by "cli".

const usage = `Usage: npm run leads -- export --kind enquiries|subscribers|spam [--since YYYY-MM-DD] [--format csv|json]

  --kind     which leads: enquiries (the contact form), subscribers (the newsletter),
             or spam (submissions held as suspected spam, each marked with its reasons)
  --since    only rows created on or after this date or ISO timestamp (UTC)
  --format   csv (default; opens in a spreadsheet) or json

${privacyUsage}

${backupUsage}`;

type Kind = keyof typeof exportColumns | "spam";

function parse(argv: string[]) {
  const parsed = parseCommand(argv, ["export", "backup", "restore", ...privacyCommands], { kind: { type: "string" }, since: { type: "string" }, format: { type: "string", default: "csv" } });
  if ("help" in parsed) return parsed;
  const { values } = parsed;
  if (values.kind !== "enquiries" && values.kind !== "subscribers" && values.kind !== "spam") throw new UsageError("--kind must be enquiries, subscribers or spam.");
  if (values.format !== "csv" && values.format !== "json") throw new UsageError("--format must be csv or json.");
  let since: string | undefined;
  if (typeof values.since === "string") {
    const date = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?$/.test(values.since) ? new Date(values.since) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new UsageError("--since must be a date such as 2026-11-01 or an ISO timestamp.");
    since = date.toISOString();
  }
  return { kind: values.kind as Kind, format: values.format, since };
}

/** Runs the CLI; resolves to the exit code (2 for a usage error). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  if (argv[0] === "backup" || argv[0] === "restore") return runBackupCli(argv, io);
  if ((privacyCommands as readonly string[]).includes(argv[0] ?? "")) return runPrivacyCli(argv, io, usage);
  return runCommand(io, usage, () => parse(argv), (args) => exportLeads(args, io));
}

async function exportLeads(args: Exclude<ReturnType<typeof parse>, { help: true }>, io: Io): Promise<number> {
  const config = loadConfig(io.env ?? process.env);
  const app = await openStoreApp(config);
  const store = app.leads;
  try {
    const columns = args.kind === "spam" ? spamExportColumns() : exportColumns[args.kind];
    const since = args.since;
    const rows =
      args.kind === "spam"
        ? (await app.spam.rows()).filter((row) => since === undefined || row.created_at >= since)
        : args.kind === "enquiries"
          ? await store.listEnquiries({ since })
          : await store.listSubscribers({ since });
    io.out(args.format === "json" ? `${JSON.stringify(toRecords(columns, rows), null, 2)}\n` : toCsv(columns, rows));
    await app.audit.record({ action: "export", actor: CLI_ACTOR, detail: { kind: args.kind, rows: rows.length, format: args.format, since: args.since ?? null } });
    return 0;
  } finally {
    await app.close();
  }
}

runAsScript(import.meta.url, runCli);
