import { useEffect, useId, useState, type FormEvent } from "react";
import { adminCopy } from "~/admin/data/admin";
import { activityPersonCopy } from "~/admin/data/admin-team";
import { adminEndpoints, type ActivityPage, type OwnerActionDetail, type OwnerActionEntry } from "../../../contract/admin";
import { adminApi, Unauthorized } from "./admin-api";
import { DownloadLink } from "./download-link";
import { Pager } from "./pager";
import { teamApi } from "./team-api";
import { formatWhen, inputClass, labelClass, secondaryButton } from "./ui";
import { DataTable } from "./data-table";
import type { Person } from "../../../contract/team";

// The audit trail in the inbox: what was done with the data, by which person
// of the team (or the command line, or the schedule), from where, newest
// first, with its CSV export.

const copy = adminCopy.activity;

/** Who: the person's email as the server recorded it, or who acts for nobody in particular. */
const actorName = (entry: OwnerActionEntry) => ({ cli: copy.commandLine, anonymous: copy.anonymous, schedule: copy.schedule })[entry.actor] ?? entry.actor;

/** A detail as "kind: enquiries, rows: 12". */
const detailText = (detail: OwnerActionDetail) =>
  Object.entries(detail)
    .filter(([, value]) => value !== null && value !== "")
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(", ");

/**
 * Whose actions to show: a select of the team when the role may see the
 * people, else an email address to type. Applied by its button.
 */
function PersonFilter({ canSeePeople, onApply, onUnauthorized }: { canSeePeople: boolean; onApply: (person: string) => void; onUnauthorized: () => void }) {
  const copy = activityPersonCopy;
  const [draft, setDraft] = useState("");
  const [people, setPeople] = useState<Person[] | null>(null);
  const id = useId();

  useEffect(() => {
    if (!canSeePeople) return;
    let live = true;
    // Without the list, the email field stands in.
    teamApi.people().then(
      (answer) => live && setPeople(answer),
      (error: unknown) => error instanceof Unauthorized && onUnauthorized(),
    );
    return () => {
      live = false;
    };
  }, [canSeePeople, onUnauthorized]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft.trim());
  }

  return (
    <form role="search" aria-label={copy.label} onSubmit={apply} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-person`} className={labelClass}>
          {copy.label}
        </label>
        {people ? (
          <select id={`${id}-person`} value={draft} onChange={(event) => setDraft(event.target.value)} className={inputClass}>
            <option value="">{copy.anyone}</option>
            {people.map((person) => (
              <option key={person.id} value={person.email}>
                {`${person.name} (${person.email})`}
              </option>
            ))}
          </select>
        ) : (
          <>
            <input id={`${id}-person`} type="email" value={draft} onChange={(event) => setDraft(event.target.value)} aria-describedby={`${id}-hint`} className={inputClass} />
            <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
              {copy.hint}
            </p>
          </>
        )}
      </div>
      <button type="submit" className={secondaryButton}>
        {copy.apply}
      </button>
    </form>
  );
}

export function ActivityLog({ onUnauthorized, canSeePeople = false }: { onUnauthorized: () => void; canSeePeople?: boolean }) {
  const [page, setPage] = useState(1);
  const [person, setPerson] = useState("");
  const [reload, setReload] = useState(0);
  const [list, setList] = useState<ActivityPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    adminApi.activity(page, person).then(
      (answer) => {
        if (!live) return;
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
  }, [page, person, reload, onUnauthorized]);

  const headings = [copy.when, copy.action, copy.actor, copy.address, copy.detail];

  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-heading" className="text-2xl font-bold text-brand-900">
          {copy.heading}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" onClick={() => setReload((count) => count + 1)} className={secondaryButton}>
            {copy.refresh}
          </button>
          <DownloadLink href={adminEndpoints.activityCsv} className={secondaryButton} onUnauthorized={onUnauthorized}>
            {copy.exportCsv}
          </DownloadLink>
        </div>
      </div>
      {list && <p className="max-w-3xl text-muted">{copy.intro(list.retentionMonths)}</p>}
      <PersonFilter
        canSeePeople={canSeePeople}
        onUnauthorized={onUnauthorized}
        onApply={(next) => {
          setPerson(next);
          setPage(1);
        }}
      />
      <p role="status" className="font-medium text-brand-900">
        {failed ? copy.failed : list ? copy.found(list.total) : copy.loading}
      </p>
      {list && (
        <DataTable caption={copy.caption} headings={headings}>
          {list.items.length === 0 && (
            <tr>
              <td colSpan={headings.length} className="px-4 py-6 text-muted">
                {copy.empty}
              </td>
            </tr>
          )}
          {list.items.map((entry) => (
            <tr key={entry.id} className="border-b border-line last:border-0">
              <td className="px-4 py-3 whitespace-nowrap">{formatWhen(entry.at)}</td>
              <td className="px-4 py-3">{copy.actions[entry.action] ?? entry.action}</td>
              <td className="px-4 py-3 whitespace-nowrap">{actorName(entry)}</td>
              <td className="px-4 py-3 break-all">{entry.address ?? adminCopy.detail.none}</td>
              <td className="px-4 py-3 break-all">{detailText(entry.detail) || adminCopy.detail.none}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {list && <Pager page={list.page} pages={list.pages} onPage={setPage} label={copy.paging} />}
    </section>
  );
}
