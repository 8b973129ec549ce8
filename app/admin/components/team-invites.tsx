import { useId, useRef, useState, type FormEvent } from "react";
import { roleDescriptions, roleNames, teamCopy } from "~/admin/data/admin-team";
import { roles, type InviteCreated, type InviteSummary, type Role } from "../../../contract/team";
import { formatWhen, inputClass, labelClass, primaryButton, secondaryButton } from "./ui";
import { cellClass, DataTable } from "./data-table";


/** Invitations not yet accepted, each withdrawable. */
export function InviteList({ invites, onWithdraw }: { invites: readonly InviteSummary[]; onWithdraw: (invite: InviteSummary) => void }) {
  const copy = teamCopy.invites;
  if (invites.length === 0) return <p className="text-muted">{copy.none}</p>;
  const headings = [copy.email, copy.role, copy.invitedBy, copy.expires, copy.action];
  return (
    <DataTable caption={copy.caption} headings={headings}>
      {invites.map((invite) => (
        <tr key={invite.id} className="border-b border-line last:border-0">
          <th scope="row" className={`${cellClass} font-normal break-all`}>
            {invite.email}
          </th>
          <td className={cellClass}>{roleNames[invite.role]}</td>
          <td className={cellClass}>{invite.invitedBy}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{formatWhen(invite.expiresAt)}</td>
          <td className={cellClass}>
            <button type="button" aria-label={copy.withdrawLabel(invite.email)} onClick={() => onWithdraw(invite)} className="font-semibold text-brand-700 underline hover:text-brand-600">
              {copy.withdraw}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Invite someone: an address and a role (each described in a line). The
 * answer's link is shown to copy, and whether it was emailed, since a site
 * without a mail server sends nothing.
 */
export function InviteForm({ onInvite }: { onInvite: (email: string, role: Role) => Promise<InviteCreated | string> }) {
  const copy = teamCopy.invite;
  const [email, setEmail] = useState("");
  // The least personal data by default: the inviter chooses more on purpose.
  const [role, setRole] = useState<Role>("editor");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<InviteCreated | null>(null);
  const [copied, setCopied] = useState("");
  const emailRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError("");
    if (!email.trim()) {
      setError(copy.emptyEmail);
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setCreated(null);
    setCopied("");
    const answer = await onInvite(email.trim(), role);
    setBusy(false);
    if (typeof answer === "string") {
      setError(answer);
      emailRef.current?.focus();
      return;
    }
    setCreated(answer);
    setEmail("");
  }

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(copy.copied);
    } catch {
      setCopied(copy.copyFailed);
    }
  }

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`} aria-busy={busy} className="max-w-xl space-y-2 rounded-2xl bg-white p-6 ring-1 ring-line">
        <h3 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
          {copy.heading}
        </h3>
        <label htmlFor={`${id}-email`} className={labelClass}>
          {copy.emailLabel}
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        <label htmlFor={`${id}-role`} className={`${labelClass} pt-2`}>
          {copy.roleLabel}
        </label>
        <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as Role)} aria-describedby={`${id}-role-note`} className={inputClass}>
          {roles.map((option) => (
            <option key={option} value={option}>
              {roleNames[option]}
            </option>
          ))}
        </select>
        <p id={`${id}-role-note`} className="text-sm text-muted">
          {roleDescriptions[role]}
        </p>
        <p id={`${id}-error`} role="alert" className="min-h-6 text-sm font-medium text-danger">
          {error}
        </p>
        <button type="submit" aria-disabled={busy} className={primaryButton}>
          {busy ? copy.submitting : copy.submit}
        </button>
      </form>
      <div className="max-w-xl space-y-2">
        <p role="status">{created ? (created.emailed ? copy.emailed(created.email) : copy.notEmailed(created.email)) : ""}</p>
        {created && (
          <>
            <label htmlFor={`${id}-link`} className={labelClass}>
              {copy.linkLabel}
            </label>
            <input id={`${id}-link`} type="text" readOnly value={created.link} onFocus={(event) => event.target.select()} className={`${inputClass} font-mono`} />
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" onClick={() => void copyLink(created.link)} className={secondaryButton}>
                {copy.copy}
              </button>
              <span role="status" className="text-sm">
                {copied}
              </span>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
