import { createAnalyticsStore } from "./analytics/analytics-store";
import { parseCommand, runAsScript, runCommand, UsageError, type Io } from "./command-line";
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

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function parse(argv: string[]) {
  const parsed = parseCommand(argv, ["summary"], { since: { type: "string" }, until: { type: "string" }, format: { type: "string", default: "json" } });
  if ("help" in parsed) return parsed;
  const { values } = parsed;
  if (typeof values.since !== "string" || !isDay(values.since)) throw new UsageError("--since must be a date such as 2026-11-01.");
  if (values.until !== undefined && (typeof values.until !== "string" || !isDay(values.until))) throw new UsageError("--until must be a date such as 2026-11-30.");
  if (values.format !== "csv" && values.format !== "json") throw new UsageError("--format must be json or csv.");
  return { since: values.since, until: typeof values.until === "string" ? values.until : new Date().toISOString().slice(0, 10), format: values.format };
}

/** Runs the CLI; resolves to the exit code (2 for a usage error). */
export async function runAnalyticsCli(argv: string[], io: Io): Promise<number> {
  return runCommand(io, usage, () => parse(argv), (args) => printSummary(args, io));
}

async function printSummary(args: Exclude<ReturnType<typeof parse>, { help: true }>, io: Io): Promise<number> {
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

runAsScript(import.meta.url, runAnalyticsCli);
