import { analyticsForms, type AnalyticsForm } from "../contract/analytics";
import { parseCommand, runAsScript, runCommand, UsageError, type Io } from "./command-line";
import { loadConfig } from "./config";
import { plainColumns, toCsv } from "./export";
import type { AnalyticsStore } from "./store/analytics-store";
import { openStoreApp } from "./store/store-app";

// The owner's analytics on the command line: `npm run analytics -- summary
// --since YYYY-MM-DD [--until YYYY-MM-DD] [--by page|source|medium|campaign|referrer]
// [--format json|csv]` prints, per page, the views, unique visitors, enquiries
// and confirmed subscriptions (credited to the page a visit began on) and the
// conversion rate; `--by source` (medium, campaign, referrer) the visits and
// leads per UTM source (medium, campaign) or referring site instead. Reads the same
// configuration as the server (DATA_DIR or DATABASE_URL). The server writes its
// counts every ANALYTICS_FLUSH_MS, so the last few seconds may not show yet.
// `funnel --form contact|newsletter` prints each field of the form, per page and
// over every page: reached, left at, each message met, corrected, and the
// form's sends with their median time (`--source`: of one source's visits only); `vitals` each route's web vitals per
// device at the 75th percentile, with the good threshold. Both from the last
// DEFAULT_DAYS days unless --since says otherwise.

const usage = `Usage: npm run analytics -- summary --since YYYY-MM-DD [--until YYYY-MM-DD] [--by page|source|medium|campaign|referrer] [--format json|csv]
       npm run analytics -- funnel --form contact|newsletter [--source S] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--format json|csv]
       npm run analytics -- vitals [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--format json|csv]

  --since    first day counted (UTC); for funnel and vitals, 30 days ago by default
  --until    last day counted (UTC); today by default
  --by       page (default): views, visitors and leads per page;
             source, medium, campaign (UTM tags) or referrer: visits and leads per value
  --form     funnel: the form whose fields are printed
  --source   funnel: only visits from this source (utm_source, else the referring site, or "(direct)")
  --format   json (default) or csv`;

/** Days read by funnel and vitals without --since, today included (the dashboard's default range). */
const DEFAULT_DAYS = 30;
const fieldColumns = ["form", "page", "device", "field", "reached", "left", "corrected", "missing", "format", "tooLong", "sent", "medianSeconds"] as const;
const vitalColumns = ["page", "device", "metric", "samples", "p75", "good"] as const;

const columns = ["page", "views", "visitors", "enquiries", "subscriptions", "conversionRate"] as const;
const groupings = ["page", "source", "medium", "campaign", "referrer"] as const;
type Grouping = (typeof groupings)[number];
const sourceColumns = (by: Exclude<Grouping, "page">) => [by, "visits", "visitors", "enquiries", "subscriptions", "conversionRate"];

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function parse(argv: string[]) {
  const parsed = parseCommand(argv, ["summary", "funnel", "vitals"], {
    since: { type: "string" },
    until: { type: "string" },
    by: { type: "string", default: "page" },
    form: { type: "string" },
    source: { type: "string" },
    format: { type: "string", default: "json" },
  });
  if ("help" in parsed) return parsed;
  const { values, command } = parsed;
  const today = new Date().toISOString().slice(0, 10);
  if (command !== "summary" && values.since === undefined) values.since = new Date(Date.parse(today) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  if (typeof values.since !== "string" || !isDay(values.since)) throw new UsageError("--since must be a date such as 2026-11-01.");
  if (values.until !== undefined && (typeof values.until !== "string" || !isDay(values.until))) throw new UsageError("--until must be a date such as 2026-11-30.");
  if (values.format !== "csv" && values.format !== "json") throw new UsageError("--format must be json or csv.");
  if (!(groupings as readonly unknown[]).includes(values.by)) throw new UsageError(`--by must be one of ${groupings.join(", ")}.`);
  if (command === "funnel" && !(analyticsForms as readonly unknown[]).includes(values.form)) throw new UsageError(`--form must be one of ${analyticsForms.join(", ")}.`);
  if (values.source !== undefined && (command !== "funnel" || typeof values.source !== "string" || values.source === "")) throw new UsageError("--source goes with funnel, as a source such as google.com or (direct).");
  const until = typeof values.until === "string" ? values.until : today;
  return { command, since: values.since, until, by: values.by as Grouping, form: values.form as AnalyticsForm, source: values.source as string | undefined, format: values.format };
}

type Args = Exclude<ReturnType<typeof parse>, { help: true }>;

async function printFunnel(args: Args, store: AnalyticsStore, io: Io) {
  const { fields, formTimes } = await store.funnel(args.form, args.since, args.until, args.source);
  if (args.format === "json") return io.out(`${JSON.stringify({ form: args.form, from: args.since, to: args.until, source: args.source ?? null, fields, times: formTimes }, null, 2)}\n`);
  const rows = fields.map((row) => {
    const times = formTimes.find((time) => time.page === row.page && time.device === row.device);
    return { ...row, sent: times?.sent ?? 0, medianSeconds: times?.medianSeconds ?? "" };
  });
  io.out(toCsv(plainColumns(fieldColumns), rows));
}

async function printVitals(args: Args, store: AnalyticsStore, io: Io) {
  const { vitals, slowTargets } = await store.vitals(args.since, args.until);
  if (args.format === "json") return io.out(`${JSON.stringify({ from: args.since, to: args.until, vitals, slowTargets }, null, 2)}\n`);
  io.out(toCsv(plainColumns(vitalColumns), vitals.map((row) => ({ ...row, p75: row.p75 ?? "" }))));
}

/** Runs the CLI; resolves to the exit code (2 for a usage error). */
export async function runAnalyticsCli(argv: string[], io: Io): Promise<number> {
  return runCommand(io, usage, () => parse(argv), (args) => printSummary(args, io));
}

async function printSummary(args: Args, io: Io): Promise<number> {
  const config = loadConfig(io.env ?? process.env);
  const app = await openStoreApp(config);
  try {
    const store = app.analyticsStore;
    if (args.command === "funnel") {
      await printFunnel(args, store, io);
      return 0;
    }
    if (args.command === "vitals") {
      await printVitals(args, store, io);
      return 0;
    }
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
