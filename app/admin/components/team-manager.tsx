import { useCallback, useEffect, useId, useRef, useState } from "react";
import { roleNames, teamCopy as copy } from "~/admin/data/admin-team";
import type { InviteSummary, Person, Role, TeamSettings } from "../../../contract/team";
import { refusalText, Unauthorized } from "./admin-api";
import { InviteForm, InviteList } from "./team-invites";
import { PeopleTable } from "./team-people";
import { teamApi } from "./team-api";

interface Team {
  people: Person[];
  invites: InviteSummary[];
  settings: TeamSettings;
}

/** The owner's team: who can sign in and as what, open invitations, a new invitation, the team's settings. */
export function TeamManager({ meId, onUnauthorized }: { meId: string; onUnauthorized: () => void }) {
  const [team, setTeam] = useState<Team | null>(null);
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [message, setMessage] = useState("");
  const [error, setError] = useState("");
  const statusRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    Promise.all([teamApi.people(), teamApi.invites(), teamApi.settings()]).then(
      ([people, invites, settings]) => {
        if (!live) return;
        setTeam({ people, invites, settings });
        setFailed(false);
      },
      (failure: unknown) => {
        if (failure instanceof Unauthorized) onUnauthorized();
        else if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [reload, onUnauthorized]);

  /** A change to the team: its outcome announced, the lists loaded again. True when it worked. */
  const act = useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      setMessage("");
      setError("");
      try {
        await action();
      } catch (failure) {
        if (failure instanceof Unauthorized) onUnauthorized();
        else setError(refusalText(failure, copy.failed));
        return false;
      }
      setMessage(done);
      setReload((count) => count + 1);
      return true;
    },
    [onUnauthorized],
  );

  /** A change that takes away the button pressed (a removed row, a Save now disabled): the outcome is read next. */
  async function actThenRead(action: () => Promise<unknown>, done: string) {
    const ok = await act(action, done);
    if (ok) statusRef.current?.focus();
    return ok;
  }

  async function invite(email: string, role: Role) {
    setMessage("");
    setError("");
    try {
      const created = await teamApi.invite(email, role);
      setReload((count) => count + 1);
      return created;
    } catch (failure) {
      if (failure instanceof Unauthorized) onUnauthorized();
      return refusalText(failure, copy.failed);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      {failed && <p role="alert">{copy.loadFailed}</p>}
      <p ref={statusRef} tabIndex={-1} role="status" className="font-medium text-success outline-none">
        {message}
      </p>
      <p role="alert" className="font-medium text-danger">
        {error}
      </p>
      {team && (
        <>
          <PeopleTable
            people={team.people}
            meId={meId}
            onRole={(person, role) => actThenRead(() => teamApi.changeRole(person.id, role), copy.people.saved(person.name, roleNames[role]))}
            onRemove={(person) => actThenRead(() => teamApi.removePerson(person.id), copy.people.removed(person.name))}
          />
          <section aria-labelledby={`${id}-invites`} className="space-y-3">
            <h3 id={`${id}-invites`} className="text-xl font-bold text-brand-900">
              {copy.invites.heading}
            </h3>
            <InviteList invites={team.invites} onWithdraw={(item) => void act(() => teamApi.withdrawInvite(item.id), copy.invites.withdrawn(item.email))} />
          </section>
          <InviteForm onInvite={invite} />
          <section aria-labelledby={`${id}-settings`} className="space-y-2">
            <h3 id={`${id}-settings`} className="text-xl font-bold text-brand-900">
              {copy.settings.heading}
            </h3>
            <div className="flex items-start gap-3">
              <input
                id={`${id}-require`}
                type="checkbox"
                checked={team.settings.requireSecondFactor}
                onChange={(event) => {
                  const requireSecondFactor = event.target.checked;
                  // Shown at once; a refusal loads the settings back as they are.
                  setTeam({ ...team, settings: { requireSecondFactor } });
                  void act(() => teamApi.saveSettings({ requireSecondFactor }), copy.settings.saved).then((ok) => ok || setReload((count) => count + 1));
                }}
                aria-describedby={`${id}-require-hint`}
                className="mt-1 size-5 accent-brand-700"
              />
              <div>
                <label htmlFor={`${id}-require`} className="font-semibold text-brand-900">
                  {copy.settings.requireSecondFactor}
                </label>
                <p id={`${id}-require-hint`} className="text-sm text-muted">
                  {copy.settings.requireHint}
                </p>
              </div>
            </div>
          </section>
        </>
      )}
    </section>
  );
}
