import { parseCommand, runAsScript, runCommand, UsageError, type Io } from "./command-line";
import { loadConfig } from "./config";
import { plainColumns, toCsv } from "./export";
import { openStoreApp } from "./store/store-app";

// The owner's analytics on the command line: `npm run analytics -- summary
// --since YYYY-MM-DD [--until YYYY-MM-DD] [--by page|source|medium|campaign|referrer]
// [--format json|csv]` prints, per page, the views, unique visitors, enquiries
// and confirmed subscriptions (credited to the page a visit began on) and the
// conversion rate; `--by source` (medium, campaign, referrer) the visits and
// leads per UTM source (medium, campaign) or referring site instead. Reads the same
// configuration as the server (DATA_DIR or DATABASE_URL). The server writes its
// counts every ANALYTICS_FLUSH_MS, so the last few seconds may not show yet.

const usage = `Usage: npm run analytics -- summary --since YYYY-MM-DD [--until YYYY-MM-DD] [--by page|source|medium|campaign|referrer] [--format json|csv]

  --since    first day counted (UTC)
  --until    last day counted (UTC); today by default
  --by       page (default): views, visitors and leads per page;
             source, medium, campaign (UTM tags) or referrer: visits and leads per value
  --format   json (default) or csv`;

const columns = ["page", "views", "visitors", "enquiries", "subscriptions", "conversionRate"] as const;
const groupings = ["page", "source", "medium", "campaign", "referrer"] as const;
type Grouping = (typeof groupings)[number];
const sourceColumns = (by: Exclude<Grouping, "page">) => [by, "visits", "visitors", "enquiries", "subscriptions", "conversionRate"];

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function parse(argv: string[]) {
  const parsed = parseCommand(argv, ["summary"], { since: { type: "string" }, until: { type: "string" }, by: { type: "string", default: "page" }, format: { type: "string", default: "json" } });
  if ("help" in parsed) return parsed;
  const { values } = parsed;
  if (typeof values.since !== "string" || !isDay(values.since)) throw new UsageError("--since must be a date such as 2026-11-01.");
  if (values.until !== undefined && (typeof values.until !== "string" || !isDay(values.until))) throw new UsageError("--until must be a date such as 2026-11-30.");
  if (values.format !== "csv" && values.format !== "json") throw new UsageError("--format must be json or csv.");
  if (!(groupings as readonly unknown[]).includes(values.by)) throw new UsageError(`--by must be one of ${groupings.join(", ")}.`);
  return { since: values.since, until: typeof values.until === "string" ? values.until : new Date().toISOString().slice(0, 10), by: values.by as Grouping, format: values.format };
}

/** Runs the CLI; resolves to the exit code (2 for a usage error). */
export async function runAnalyticsCli(argv: string[], io: Io): Promise<number> {
  return runCommand(io, usage, () => parse(argv), (args) => printSummary(args, io));
}

async function printSummary(args: Exclude<ReturnType<typeof parse>, { help: true }>, io: Io): Promise<number> {
  const config = loadConfig(io.env ?? process.env);
  const app = await openStoreApp(config);
  try {
    const store = app.analyticsStore;
    if (args.by === "page") {
      const pages = await store.summary(args.since, args.until);
      io.out(args.format === "json" ? `${JSON.stringify(pages, null, 2)}\n` : toCsv(plainColumns(columns), pages as unknown as Record<string, unknown>[]));
      return 0;
    }
    const by = args.by;
    const rows = (await store.summaryBy(by, args.since, args.until)).map(({ key, ...figures }) => ({ [by]: key, ...figures }));
    io.out(args.format === "json" ? `${JSON.stringify(rows, null, 2)}\n` : toCsv(plainColumns(sourceColumns(by)), rows));
    return 0;
  } finally {
    await app.close();
  }
}

runAsScript(import.meta.url, runAnalyticsCli);
