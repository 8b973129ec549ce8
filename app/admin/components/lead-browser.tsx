import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { adminCopy, adminSpamCopy } from "~/admin/data/admin";
import { subscriberStatuses, type EnquirySummary, type LeadKind, type Page, type SubscriberSummary } from "../../../contract/admin";
import { enquiryFields, inboxFilters, newsletterFields } from "../../../contract/fields";
import { adminApi, emptyFilters, exportHref, Unauthorized, type Filters } from "./admin-api";
import { DownloadLink } from "./download-link";
import { LeadDetail } from "./lead-detail";
import { SpamBrowser } from "./spam-browser";
import { inboxColumns, shownValue } from "./lead-fields";
import { Pager } from "./pager";
import { formatWhen, inputClass, labelClass, primaryButton, secondaryButton } from "./ui";
import { DataTable } from "./data-table";

const copy = adminCopy;

/** The list's field columns of each kind, from its form's table. */
const columns = { enquiries: inboxColumns(enquiryFields), subscribers: inboxColumns(newsletterFields) } as const;
/** The enquiries' filters: one select per option field. */
const optionFilters = inboxFilters(enquiryFields);

type List = Page<EnquirySummary> | Page<SubscriberSummary>;

function Select({ label, value, options, onChange, names }: { label: string; value: string; options: readonly string[]; onChange: (value: string) => void; names?: Record<string, string> }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
        <option value="">{copy.filters.any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {names?.[option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Enquiries or subscribers: a search and filter form, a table of the current
 * page, paging, the CSV export of the current filter, and a lead's details.
 */
export function LeadBrowser({ onUnauthorized, canErase = true }: { onUnauthorized: () => void; canErase?: boolean }) {
  const [kind, setKind] = useState<LeadKind>("enquiries");
  // The form's values, and the filter applied (changed only by submitting the form).
  const [draft, setDraft] = useState<Filters>(emptyFilters);
  const [filters, setFilters] = useState<Filters>(emptyFilters);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<List | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [reload, setReload] = useState(0);
  const lastOpener = useRef<HTMLButtonElement | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the details dialog has closed (nothing behind a modal dialog can take it before).
  const focusAfterClose = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (selected !== null) return;
    focusAfterClose.current?.focus();
    focusAfterClose.current = null;
  }, [selected]);
  const id = useId();
  // The Spam view replaces the list while open; its tab shows how many are held.
  const [spamOpen, setSpamOpen] = useState(false);
  const [spamCount, setSpamCount] = useState<number | null>(null);
  const [spamChanged, setSpamChanged] = useState(0);
  useEffect(() => {
    adminApi.spamCount().then(
      (answer) => setSpamCount(answer.total),
      (error: unknown) => {
        if (error instanceof Unauthorized) onUnauthorized();
      },
    );
  }, [spamChanged, onUnauthorized]);

  useEffect(() => {
    // A slower answer to an older view must not replace the current one.
    let live = true;
    adminApi.list(kind, filters, page).then(
      (answer) => {
        if (!live) return;
        // An erasure can empty the last page: show the new last one instead.
        if (answer.page > answer.pages) return setPage(answer.pages);
        setList(answer);
        setFailed(false);
      },
      (error: unknown) => {
        if (error instanceof Unauthorized) onUnauthorized();
        else if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [kind, filters, page, reload, onUnauthorized]);

  const set = (key: keyof Filters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
    setSelected(null);
    setNotice("");
  }

  function clear() {
    setDraft(emptyFilters);
    setFilters(emptyFilters);
    setPage(1);
    setSelected(null);
  }

  function switchKind(next: LeadKind) {
    setSpamOpen(false);
    if (next === kind) return;
    setKind(next);
    setList(null);
    setPage(1);
    setSelected(null);
    setNotice("");
  }

  function closeDetail() {
    focusAfterClose.current = lastOpener.current;
    setSelected(null);
  }

  function erased(message: string) {
    setSelected(null);
    setNotice(message);
    setReload((count) => count + 1);
    // The person's row is gone with the dialog: the outcome is read next.
    focusAfterClose.current = statusRef.current;
  }

  const items = list?.items ?? [];
  const tabClass =
    "rounded-full px-5 py-2 font-semibold ring-1 ring-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white aria-[pressed=false]:bg-white aria-[pressed=false]:text-brand-700";
  const tabs = (
    <div role="group" aria-label={copy.kinds.label} className="flex flex-wrap gap-2">
      {(["enquiries", "subscribers"] as const).map((option) => (
        <button key={option} type="button" aria-pressed={!spamOpen && kind === option} onClick={() => switchKind(option)} className={tabClass}>
          {copy.kinds[option]}
        </button>
      ))}
      <button type="button" aria-pressed={spamOpen} onClick={() => setSpamOpen(true)} className={tabClass}>
        {adminSpamCopy.tab(spamCount)}
      </button>
    </div>
  );

  if (spamOpen) {
    return (
      <div className="space-y-6">
        {tabs}
        <SpamBrowser
          onUnauthorized={onUnauthorized}
          onChanged={() => {
            setSpamChanged((count) => count + 1);
            setReload((count) => count + 1);
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {tabs}

      <form role="search" aria-label={copy.filters.label} onSubmit={apply} className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-2 lg:grid-cols-5">
        <div className="sm:col-span-2 lg:col-span-2">
          <label htmlFor={`${id}-q`} className={labelClass}>
            {copy.filters.search[kind]}
          </label>
          <input id={`${id}-q`} type="search" value={draft.q} onChange={(event) => set("q")(event.target.value)} className={inputClass} />
        </div>
        {kind === "enquiries" ? (
          <>
            {optionFilters.map((filter) => (
              <Select key={filter.param} label={filter.label} value={draft[filter.param] ?? ""} options={filter.options} onChange={set(filter.param)} />
            ))}
          </>
        ) : (
          <Select label={copy.filters.status} value={draft.status} options={subscriberStatuses} onChange={set("status")} names={copy.statuses} />
        )}
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={primaryButton}>
            {copy.filters.apply}
          </button>
          <button type="button" onClick={clear} className={secondaryButton}>
            {copy.filters.clear}
          </button>
          <DownloadLink href={exportHref(kind, filters)} className="ml-auto font-semibold text-brand-700 underline hover:text-brand-600" onUnauthorized={onUnauthorized}>
            {copy.exportCsv}
          </DownloadLink>
        </div>
      </form>

      <p ref={statusRef} tabIndex={-1} role="status" className="font-medium text-brand-900 outline-none">
        {notice && <span className="block text-success">{notice}</span>}
        {failed ? copy.loadFailed : list ? copy.found(list.total, kind) : ""}
      </p>

      {list && (
        <DataTable
          caption={copy.table.caption[kind]}
          headings={[copy.table.received, ...columns[kind].map((column) => column.label), ...(kind === "subscribers" ? [copy.table.status] : []), copy.table.actions]}
        >
          {items.length === 0 && (
            <tr>
              <td colSpan={columns[kind].length + (kind === "subscribers" ? 3 : 2)} className="px-4 py-6 text-muted">
                {copy.table.empty}
              </td>
            </tr>
          )}
          {items.map((item) => {
            const enquiry = "name" in item ? item : null;
            const who = enquiry ? enquiry.name : item.email;
            return (
              <tr key={item.id} className="border-b border-line last:border-0">
                <td className="px-4 py-3 whitespace-nowrap">{formatWhen(item.createdAt)}</td>
                {columns[kind].map((column) => (
                  <td key={column.key} className={`px-4 py-3${column.breakAll ? " break-all" : ""}`}>
                    {shownValue(item, column.key)}
                  </td>
                ))}
                {!enquiry && <td className="px-4 py-3">{copy.statuses[(item as SubscriberSummary).status] ?? (item as SubscriberSummary).status}</td>}
                <td className="px-4 py-3">
                  <button
                    type="button"
                    aria-label={copy.table.view(who)}
                    aria-haspopup="dialog"
                    onClick={(event) => {
                      lastOpener.current = event.currentTarget;
                      setSelected(item.id);
                    }}
                    className="font-semibold text-brand-700 underline hover:text-brand-600"
                  >
                    {copy.table.viewShort}
                  </button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}

      {list && <Pager page={list.page} pages={list.pages} onPage={setPage} />}

      {selected && <LeadDetail key={selected} kind={kind} id={selected} onClose={closeDetail} onErased={erased} onUnauthorized={onUnauthorized} canErase={canErase} />}
    </div>
  );
}
