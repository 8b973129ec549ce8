import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { adminSpamCopy as copy } from "~/admin/data/admin";
import { statedRetention } from "~/data/retention";
import type { Page, SpamSummary } from "../../../contract/admin";
import { adminApi, spamExportHref, Unauthorized } from "./admin-api";
import { DownloadLink } from "./download-link";
import { Pager } from "./pager";
import { formatWhen, inputClass, labelClass, primaryButton, secondaryButton } from "./ui";
import { DataTable } from "./data-table";

/** Who a held submission says it is from: the enquiry's name and address, or a sign-up's address. */
const who = (item: SpamSummary) => (typeof item.fields.name === "string" && item.fields.name ? `${item.fields.name} (${item.email})` : item.email);

/**
 * The Spam view: submissions held as suspected spam with the reasons that held
 * them, a search, "Not spam" (sent on as an accepted lead) and "Delete". Told
 * `onChanged` after either, so the tab's count follows.
 */
export function SpamBrowser({ onUnauthorized, onChanged }: { onUnauthorized: () => void; onChanged: () => void }) {
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page<SpamSummary> | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    adminApi.spam(q, page).then(
      (answer) => {
        if (!live) return;
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
  }, [q, page, reload, onUnauthorized]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
    setNotice("");
  }

  async function act(item: SpamSummary, action: "release" | "remove") {
    if (busy) return;
    setBusy(item.id);
    try {
      if (action === "release") {
        const { notice: sentNothing } = await adminApi.releaseSpam(item.id);
        setNotice(sentNothing ? copy.releaseNotices[sentNothing.reason](who(item)) : copy.released(who(item)));
      } else {
        await adminApi.deleteSpam(item.id);
        setNotice(copy.removed(who(item)));
      }
    } catch (error) {
      if (error instanceof Unauthorized) return onUnauthorized();
      setNotice(copy.actionFailed);
    } finally {
      setBusy(null);
    }
    setReload((count) => count + 1);
    onChanged();
    // The row and its buttons are gone: the outcome is read next.
    statusRef.current?.focus();
  }

  const items = list?.items ?? [];

  return (
    <div className="space-y-6">
      <p className="max-w-3xl">{copy.intro(statedRetention.spamDays)}</p>
      <form role="search" aria-label={copy.searchLabel} onSubmit={apply} className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-line">
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-q`} className={labelClass}>
            {copy.searchLabel}
          </label>
          <input id={`${id}-q`} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} className={inputClass} />
        </div>
        <button type="submit" className={primaryButton}>
          {copy.search}
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft("");
            setQ("");
            setPage(1);
          }}
          className={secondaryButton}
        >
          {copy.clear}
        </button>
        <DownloadLink href={spamExportHref(q)} className="ml-auto font-semibold text-brand-700 underline hover:text-brand-600" onUnauthorized={onUnauthorized}>
          {copy.exportCsv}
        </DownloadLink>
      </form>

      <p ref={statusRef} tabIndex={-1} role="status" className="font-medium text-brand-900 outline-none">
        {notice && <span className="block text-success">{notice}</span>}
        {failed ? copy.loadFailed : list ? copy.found(list.total) : ""}
      </p>

      {list && (
        <DataTable caption={copy.caption} headings={[copy.received, copy.kind, copy.from, copy.message, copy.reasons, copy.actions]}>
          {items.length === 0 && (
            <tr>
              <td colSpan={6} className="px-4 py-6 text-muted">
                {copy.empty}
              </td>
            </tr>
          )}
          {items.map((item) => (
            <tr key={item.id} className="border-b border-line align-top last:border-0">
              <td className="px-4 py-3 whitespace-nowrap">{formatWhen(item.createdAt)}</td>
              <td className="px-4 py-3">{copy.kinds[item.kind] ?? item.kind}</td>
              <td className="px-4 py-3 break-all">{who(item)}</td>
              <td className="max-w-md px-4 py-3 break-words whitespace-pre-line">{typeof item.fields.message === "string" ? item.fields.message : ""}</td>
              <td className="px-4 py-3">
                <ul className="list-disc pl-4">
                  {item.reasons.map((reason) => (
                    <li key={reason}>{copy.reasonNames[reason] ?? reason}</li>
                  ))}
                </ul>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-2">
                  <button type="button" aria-label={copy.releaseLabel(who(item))} aria-disabled={busy !== null} onClick={() => void act(item, "release")} className={primaryButton}>
                    {copy.release}
                  </button>
                  <button type="button" aria-label={copy.removeLabel(who(item))} aria-disabled={busy !== null} onClick={() => void act(item, "remove")} className={secondaryButton}>
                    {copy.remove}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {list && <Pager page={list.page} pages={list.pages} onPage={setPage} />}
    </div>
  );
}
