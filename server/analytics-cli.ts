import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createAnalyticsStore } from "./analytics/analytics-store";
import { loadConfig } from "./config";
import { plainColumns, toCsv } from "./export";
import { openDatabase } from "./store/database";

// The owner's analytics on the command line: `npm run analytics -- summary
// --since YYYY-MM-DD [--until YYYY-MM-DD] [--format json|csv]` prints, per page,
// the views, unique visitors, enquiries and confirmed subscriptions (credited
// to the page a visit began on) and the conversion rate. Reads the same
// configuration as the server (DATA_DIR or DATABASE_URL). The server writes its
// counts every ANALYTICS_FLUSH_MS, so the last few seconds may not show yet.

const usage = `Usage: npm run analytics -- summary --since YYYY-MM-DD [--until YYYY-MM-DD] [--format json|csv]

  --since    first day counted (UTC)
  --until    last day counted (UTC); today by default
  --format   json (default) or csv`;

const columns = ["page", "views", "visitors", "enquiries", "subscriptions", "conversionRate"] as const;

class UsageError extends Error {}

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env?: Record<string, string | undefined>;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { since: { type: "string" }, until: { type: "string" }, format: { type: "string", default: "json" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true as const };
  if (positionals.length !== 1 || positionals[0] !== "summary") throw new UsageError(`Unknown command: ${positionals.join(" ") || "(none)"}. The only command is summary.`);
  if (!values.since || !isDay(values.since)) throw new UsageError("--since must be a date such as 2026-11-01.");
  if (values.until !== undefined && !isDay(values.until)) throw new UsageError("--until must be a date such as 2026-11-30.");
  if (values.format !== "csv" && values.format !== "json") throw new UsageError("--format must be json or csv.");
  return { help: false as const, since: values.since, until: values.until ?? new Date().toISOString().slice(0, 10), format: values.format };
}

/** Runs the CLI; resolves to the exit code (2 for a usage error). */
export async function runAnalyticsCli(argv: string[], io: Io): Promise<number> {
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
  const { db } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const pages = await createAnalyticsStore(db).summary(args.since, args.until);
    io.out(args.format === "json" ? `${JSON.stringify(pages, null, 2)}\n` : toCsv(plainColumns(columns), pages as unknown as Record<string, unknown>[]));
    return 0;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAnalyticsCli(process.argv.slice(2), { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
