import { useEffect, useState, type FormEvent } from "react";
import { ALL_DEVICES, ALL_PAGES, analyticsForms, fieldMessageKeys, vitalGood, vitalNames, type AnalyticsReport, type AnalyticsTable, type BreakdownRow, type VitalName } from "../../../contract/analytics";
import { analyticsCopy as copy, DEFAULT_RANGE_DAYS, TOP_ROWS } from "~/admin/data/admin-analytics";
import { Unauthorized } from "./admin-api";
import { csvHref, daysOf, fetchReport, lastDays, type Range } from "./analytics-api";
import { BarChart, formatCount, formatRate, LineChart, ThresholdChart } from "./analytics-charts";
import { DownloadLink } from "./download-link";
import { inputClass, labelClass, primaryButton, secondaryButton } from "./ui";

// The owner's analytics: a date range, the totals, visits over time, the top
// pages, referrers and campaigns with their leads, and each form's funnel.
// Every chart has its table beside it and a CSV download of the same rows.

type Status = "loading" | "failed" | "ready";

const cell = "px-3 py-2 text-end tabular-nums";
const headCell = "px-3 py-2 text-end font-semibold";

function Section({ table, range, onUnauthorized, children }: { table: AnalyticsTable; range: Range; onUnauthorized: () => void; children: React.ReactNode }) {
  const { heading } = copy.sections[table];
  return (
    <section aria-labelledby={`analytics-${table}`} className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-line">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`analytics-${table}`} className="text-xl font-bold text-brand-900">{heading}</h3>
        <DownloadLink className={secondaryButton} href={csvHref(range, table)} onUnauthorized={onUnauthorized}>
          {copy.csv}<span className="sr-only">: {heading}</span>
        </DownloadLink>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">{children}</div>
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly (string | number)[])[] }) {
  return (
    // A table wider than its column scrolls, and the keyboard must reach it to scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a focusable scroll container is the documented fix
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="pb-2 text-start text-muted">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            {head.map((name, index) => (
              <th key={name} scope="col" className={index === 0 ? "px-3 py-2 text-start font-semibold" : headCell}>{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={String(first)} className="border-b border-line last:border-0">
              <th scope="row" className="px-3 py-2 text-start font-normal break-all">{first}</th>
              {rest.map((value, index) => (
                <td key={index} className={cell}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Breakdown({ table, rows, range, withViews, onUnauthorized }: { table: "pages" | "referrers" | "campaigns" | "devices"; rows: readonly BreakdownRow[]; range: Range; withViews: boolean; onUnauthorized: () => void }) {
  const section = copy.sections[table];
  const top = rows.slice(0, TOP_ROWS);
  const c = copy.columns;
  const head = [section.key, ...(withViews ? [c.views] : []), c.visits, c.visitors, c.enquiries, c.subscriptions, c.conversionRate];
  return (
    <Section table={table} range={range} onUnauthorized={onUnauthorized}>
      <BarChart label={copy.chartLabel(section.heading)} bars={top.map((row) => ({ name: row.key, value: withViews ? row.views : row.visits }))} />
      <Table
        caption={section.caption}
        head={head}
        rows={top.map((row) => [row.key, ...(withViews ? [formatCount(row.views)] : []), formatCount(row.visits), formatCount(row.visitors), row.enquiries, row.subscriptions, formatRate(row.conversionRate)])}
      />
    </Section>
  );
}

/** A vital in its unit: CLS to two places, the rest in milliseconds. */
const formatVital = (metric: VitalName, value: number | null) => (value === null ? "–" : metric === "CLS" ? value.toFixed(2) : `${formatCount(Math.round(value))} ${copy.vitals[metric].unit}`);

/** Each form's fields over every page: reached, left, messages, corrected; the field most left at marked. */
function FieldFunnels({ report, range, onUnauthorized }: { report: AnalyticsReport; range: Range; onUnauthorized: () => void }) {
  const c = copy.columns;
  const overall = (form: string, device = ALL_DEVICES) => report.fields.filter((row) => row.form === form && row.page === ALL_PAGES && row.device === device);
  const forms = analyticsForms.filter((form) => overall(form).some((row) => row.reached > 0));
  const head = [c.field, c.reached, c.left, ...fieldMessageKeys.map((key) => copy.messages[key]), c.corrected];
  return (
    <Section table="fields" range={range} onUnauthorized={onUnauthorized}>
      {forms.length === 0 && <p>{copy.noFields}</p>}
      {forms.map((form) => {
        const rows = overall(form);
        const labels = copy.fieldLabels[form];
        const devices = [...new Set(report.fields.filter((row) => row.form === form && row.page === ALL_PAGES && row.device !== ALL_DEVICES).map((row) => row.device))];
        const cells = (list: typeof rows) => list.map((row) => [labels[row.field] ?? row.field, row.reached, row.left, ...fieldMessageKeys.map((key) => row[key]), row.corrected]);
        const most = rows.reduce((top, row) => (row.left > (top?.left ?? 0) ? row : top), undefined as (typeof rows)[number] | undefined);
        const times = report.formTimes.find((row) => row.form === form && row.page === ALL_PAGES && row.device === ALL_DEVICES);
        const heading = `${copy.forms[form]}: ${copy.sections.fields.heading}`;
        return (
          <div key={form} className="space-y-4 lg:col-span-2">
            <div className="max-w-3xl">
              <BarChart
              label={copy.chartLabel(heading)}
              bars={rows.map((row) => ({
                name: `${labels[row.field] ?? row.field}: ${c.reached}`,
                value: row.reached,
                marked: row === most,
                note: `${c.left} ${formatCount(row.left)}${row === most ? ` · ${copy.mostLeft(labels[row.field] ?? row.field)}` : ""}`,
              }))}
              />
            </div>
            {times && <p>{copy.formTimes(times.abandoned, times.sent, times.medianSeconds === null ? copy.noSends : copy.seconds(times.medianSeconds))}</p>}
            {report.source !== null && <p className="text-muted">{copy.bySource(report.source)}</p>}
            <Table caption={`${copy.forms[form]}: ${copy.sections.fields.caption}`} head={head} rows={cells(rows)} />
            {devices.map((device) => (
              <Table key={device} caption={copy.onDevice(copy.forms[form], device)} head={head} rows={cells(overall(form, device))} />
            ))}
          </div>
        );
      })}
    </Section>
  );
}

/** Each route's vitals per device at the 75th percentile, against the good thresholds. */
function Vitals({ report, range, onUnauthorized }: { report: AnalyticsReport; range: Range; onUnauthorized: () => void }) {
  const c = copy.columns;
  const routes = [...new Set(report.vitals.map((row) => `${row.page} · ${row.device}`))];
  const value = (route: string, metric: VitalName) => report.vitals.find((row) => `${row.page} · ${row.device}` === route && row.metric === metric);
  return (
    <Section table="vitals" range={range} onUnauthorized={onUnauthorized}>
      {routes.length === 0 && <p>{copy.noVitals}</p>}
      {routes.length > 0 &&
        vitalNames.map((metric) => (
          <figure key={metric} className="space-y-2">
            <figcaption className="font-semibold text-brand-900">{copy.vitals[metric].name}</figcaption>
            <ThresholdChart
              label={copy.chartLabel(copy.vitals[metric].name)}
              threshold={vitalGood[metric]}
              thresholdLabel={copy.good(formatVital(metric, vitalGood[metric]))}
              format={(n) => formatVital(metric, n)}
              bars={routes.flatMap((route) => {
                const row = value(route, metric);
                return row && row.p75 !== null ? [{ name: route, value: row.p75 }] : [];
              })}
            />
          </figure>
        ))}
      {routes.length > 0 && (
        <div className="lg:col-span-2">
          <Table
            caption={copy.sections.vitals.caption}
            head={[`${c.page} · ${c.device}`, ...vitalNames.map((metric) => `${copy.vitals[metric].name} (${copy.good(formatVital(metric, vitalGood[metric]))})`), c.samples]}
            rows={routes.map((route) => [route, ...vitalNames.map((metric) => formatVital(metric, value(route, metric)?.p75 ?? null)), Math.max(...vitalNames.map((metric) => value(route, metric)?.samples ?? 0))])}
          />
        </div>
      )}
      {report.slowTargets.length > 0 && (
        <div className="lg:col-span-2">
          <Table
            caption={`${copy.slowTargets.heading}: ${copy.slowTargets.caption}`}
            head={[`${c.page} · ${c.element}`, c.slowPresses]}
            rows={report.slowTargets.map((row) => [`${row.page} · ${row.target}`, row.count])}
          />
        </div>
      )}
    </Section>
  );
}

export function AnalyticsDashboard({ onUnauthorized }: { onUnauthorized: () => void }) {
  const [range, setRange] = useState<Range>(() => lastDays(DEFAULT_RANGE_DAYS));
  const [draft, setDraft] = useState<Range>(range);
  const [report, setReport] = useState<AnalyticsReport | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  const [rangeError, setRangeError] = useState(false);

  useEffect(() => {
    let current = true;
    fetchReport(range).then(
      (answer) => {
        if (!current) return;
        setReport(answer);
        setStatus("ready");
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof Unauthorized) onUnauthorized();
        else setStatus("failed");
      },
    );
    return () => {
      current = false;
    };
  }, [range, onUnauthorized]);

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(draft.from) && /^\d{4}-\d{2}-\d{2}$/.test(draft.to) && draft.from <= draft.to && daysOf(draft).length <= 366;
    setRangeError(!valid);
    if (valid) {
      setStatus("loading");
      // A new object even for the same dates: pressing Show again reloads the figures.
      setRange({ ...draft });
    }
  }

  const days = daysOf(range);
  const daily = new Map(report?.daily.map((row) => [row.day, row]));
  const c = copy.columns;

  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <h2 id="analytics-heading" className="text-2xl font-bold text-brand-900">{copy.heading}</h2>
      <p className="max-w-3xl text-muted">{copy.intro}</p>
      <form onSubmit={show} noValidate className="flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="sr-only">{copy.range.legend}</legend>
          <label className={labelClass}>
            {copy.range.from}
            <input type="date" className={inputClass} value={draft.from} max={draft.to} aria-invalid={rangeError || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>
          <label className={labelClass}>
            {copy.range.to}
            <input type="date" className={inputClass} value={draft.to} min={draft.from} aria-invalid={rangeError || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>
          <label className={labelClass}>
            {copy.range.source}
            <select className={inputClass} value={draft.source ?? ""} onChange={(e) => setDraft({ ...draft, source: e.target.value || undefined })}>
              <option value="">{copy.range.allSources}</option>
              {[...new Set([...(report?.funnelSources ?? []), ...(draft.source ? [draft.source] : [])])].map((source) => (
                <option key={source} value={source}>{source}</option>
              ))}
            </select>
          </label>
        </fieldset>
        <button type="submit" className={primaryButton}>{copy.range.show}</button>
        {rangeError && <p role="alert" className="w-full text-danger">{copy.badRange}</p>}
      </form>

      {status === "loading" && <p role="status">{copy.loading}</p>}
      {status === "failed" && <p role="alert">{copy.failed}</p>}
      {status === "ready" && report && (
        <>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
            {(Object.keys(copy.totals) as (keyof typeof copy.totals)[]).map((key) => (
              <div key={key} className="rounded-2xl bg-white p-4 ring-1 ring-line">
                <dt className="text-sm text-muted">{copy.totals[key]}</dt>
                <dd className="text-2xl font-bold text-brand-900 tabular-nums">{key === "conversionRate" ? formatRate(report.totals[key]) : formatCount(report.totals[key])}</dd>
              </div>
            ))}
          </dl>
          {report.daily.length === 0 && <p>{copy.empty}</p>}

          <Section table="daily" range={range} onUnauthorized={onUnauthorized}>
            <LineChart
              label={copy.chartLabel(copy.sections.daily.heading)}
              days={days}
              series={[
                { name: c.visits, values: days.map((day) => daily.get(day)?.visits ?? 0), stroke: "stroke-brand-700", swatch: "bg-brand-700" },
                { name: c.visitors, values: days.map((day) => daily.get(day)?.visitors ?? 0), stroke: "stroke-accent-500", swatch: "bg-accent-500" },
              ]}
            />
            <Table
              caption={copy.sections.daily.caption}
              head={[c.day, c.views, c.visits, c.visitors]}
              rows={report.daily.map((row) => [row.day, formatCount(row.views), formatCount(row.visits), formatCount(row.visitors)])}
            />
          </Section>

          <Breakdown table="pages" rows={report.pages} range={range} onUnauthorized={onUnauthorized} withViews />
          <Breakdown table="referrers" rows={report.referrers} range={range} onUnauthorized={onUnauthorized} withViews={false} />
          <Breakdown table="campaigns" rows={report.campaigns} range={range} onUnauthorized={onUnauthorized} withViews={false} />
          <Breakdown table="devices" rows={report.devices} range={range} onUnauthorized={onUnauthorized} withViews />

          <Section table="forms" range={range} onUnauthorized={onUnauthorized}>
            <div className="space-y-4">
              {report.forms.map((funnel) => (
                <BarChart
                  key={funnel.form}
                  label={copy.chartLabel(`${copy.forms[funnel.form]}: ${copy.sections.forms.heading}`)}
                  bars={[
                    { name: c.viewed, value: funnel.viewed },
                    { name: c.started, value: funnel.started },
                    { name: c.submitted, value: funnel.submitted },
                    { name: c.accepted, value: funnel.accepted },
                    ...(funnel.confirmed === null ? [] : [{ name: c.confirmed, value: funnel.confirmed }]),
                  ]}
                />
              ))}
            </div>
            <Table
              caption={copy.sections.forms.caption}
              head={[c.form, c.viewed, c.started, c.submitted, c.accepted, c.confirmed, c.conversionRate]}
              rows={report.forms.map((f) => [copy.forms[f.form], f.viewed, f.started, f.submitted, f.accepted, f.confirmed ?? "–", formatRate(f.conversionRate)])}
            />
          </Section>

          <FieldFunnels report={report} range={range} onUnauthorized={onUnauthorized} />
          <Vitals report={report} range={range} onUnauthorized={onUnauthorized} />
        </>
      )}
    </section>
  );
}
