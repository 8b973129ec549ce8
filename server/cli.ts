import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig } from "./config";
import { exportColumns, toCsv, toRecords } from "./export";
import { runBackupCli } from "./ops/backup-cli";
import { openDatabase } from "./store/database";
import { createLeadStore } from "./store/lead-store";

// The owner's command line: `npm run leads -- export --kind enquiries|subscribers
// [--since DATE] [--format csv|json]` writes the leads to stdout. It reads the
// same configuration as the server (DATA_DIR or DATABASE_URL).

const usage = `Usage: npm run leads -- export --kind enquiries|subscribers [--since YYYY-MM-DD] [--format csv|json]

  --kind     which leads: enquiries (the contact form) or subscribers (the newsletter)
  --since    only rows created on or after this date or ISO timestamp (UTC)
  --format   csv (default; opens in a spreadsheet) or json`;

type Kind = keyof typeof exportColumns;

class UsageError extends Error {}

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env?: Record<string, string | undefined>;
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { kind: { type: "string" }, since: { type: "string" }, format: { type: "string", default: "csv" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true as const };
  if (positionals.length !== 1 || positionals[0] !== "export") throw new UsageError(`Unknown command: ${positionals.join(" ") || "(none)"}. The only command is export.`);
  if (values.kind !== "enquiries" && values.kind !== "subscribers") throw new UsageError("--kind must be enquiries or subscribers.");
  if (values.format !== "csv" && values.format !== "json") throw new UsageError("--format must be csv or json.");
  let since: string | undefined;
  if (values.since !== undefined) {
    const date = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?$/.test(values.since) ? new Date(values.since) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new UsageError("--since must be a date such as 2026-11-01 or an ISO timestamp.");
    since = date.toISOString();
  }
  return { help: false as const, kind: values.kind as Kind, format: values.format, since };
}

/** Runs the CLI; resolves to the exit code (2 for a usage error). */
export async function runCli(argv: string[], io: Io): Promise<number> {
  if (argv[0] === "backup" || argv[0] === "restore") return runBackupCli(argv, io);
  let args;
  try {
    args = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (args.help) {
    io.out(`${usage}\n`);
    return 0;
  }
  const config = loadConfig(io.env ?? process.env);
  const { db, dialect } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const store = createLeadStore(db, dialect);
  try {
    const columns = exportColumns[args.kind];
    const rows = args.kind === "enquiries" ? await store.listEnquiries({ since: args.since }) : await store.listSubscribers({ since: args.since });
    io.out(args.format === "json" ? `${JSON.stringify(toRecords(columns, rows), null, 2)}\n` : toCsv(columns, rows));
    return 0;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2), { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
