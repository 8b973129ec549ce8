import { useState } from "react";
import { accountCopy, teamCopy, teamNavCopy } from "~/admin/data/admin-team";
import { EDITOR_PATH } from "../../../contract/content-editor";
import { can, type Me, type Permission } from "../../../contract/team";
import { AccountSettings } from "./account-settings";
import { ActivityLog } from "./activity-log";
import { AnalyticsDashboard } from "./analytics-dashboard";
import { LeadBrowser } from "./lead-browser";
import { TeamManager } from "./team-manager";

/** The sections of /admin, each open to the roles holding its permission; "account" to everyone. */
const sections = [
  { view: "leads", permission: "leads", label: teamNavCopy.leads },
  { view: "analytics", permission: "analytics", label: teamNavCopy.analytics },
  { view: "activity", permission: "activity", label: teamNavCopy.activity },
  { view: "team", permission: "people", label: teamCopy.tab },
  { view: "account", permission: null, label: accountCopy.tab },
] as const satisfies readonly { view: string; permission: Permission | null; label: string }[];

type View = (typeof sections)[number]["view"];

const tabClass =
  "rounded-full px-5 py-2 font-semibold ring-1 ring-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white aria-[pressed=false]:bg-white aria-[pressed=false]:text-brand-700";

/**
 * What a signed-in person sees: the sections their role may use, one at a
 * time, and a link to the content editor when they may edit.
 */
export function StaffArea({ me, onChanged, onUnauthorized }: { me: Me; onChanged: () => void; onUnauthorized: () => void }) {
  const open = sections.filter((section) => section.permission === null || can(me.role, section.permission));
  // "account" is open to everyone, so there is always a first section.
  const first: View = open[0]?.view ?? "account";
  const [view, setView] = useState<View>(first);
  const shown = open.some((section) => section.view === view) ? view : first;
  const mayActivity = can(me.role, "activity");

  return (
    <div className="space-y-6">
      <nav aria-label={teamNavCopy.label} className="flex flex-wrap items-center gap-2">
        {open.map((section) => (
          <button key={section.view} type="button" aria-pressed={shown === section.view} onClick={() => setView(section.view)} className={tabClass}>
            {section.label}
          </button>
        ))}
        {can(me.role, "content") && (
          <a href={EDITOR_PATH} className="px-3 py-2 font-semibold text-brand-700 underline hover:text-brand-600">
            {teamNavCopy.content}
          </a>
        )}
      </nav>
      {shown === "leads" && <LeadBrowser onUnauthorized={onUnauthorized} canErase={can(me.role, "erase")} />}
      {shown === "analytics" && <AnalyticsDashboard onUnauthorized={onUnauthorized} />}
      {shown === "activity" && mayActivity && <ActivityLog onUnauthorized={onUnauthorized} canSeePeople={can(me.role, "people")} />}
      {shown === "team" && <TeamManager meId={me.id} onUnauthorized={onUnauthorized} />}
      {shown === "account" && <AccountSettings me={me} onChanged={onChanged} onUnauthorized={onUnauthorized} />}
    </div>
  );
}
