import { useId, useRef, useState, type FormEvent } from "react";
import { adminCopy } from "~/admin/data/admin";
import { inviteCopy as copy, roleNames } from "~/admin/data/admin-team";
import { NAME_MAX } from "../../../contract/team";
import { ApiError, refusalText } from "./admin-api";
import { NewPasswordFields, tooShort } from "./new-password-fields";
import { teamApi } from "./team-api";
import { useEmailedLink } from "./use-emailed-link";
import { formatWhen, inputClass, labelClass, primaryButton } from "./ui";

type Field = "name" | "password";

/**
 * An invitation opened from its link: who it is for, then a name and a new
 * password, which sign the person in. A used, expired or withdrawn link goes
 * back to sign-in with a message (onGone).
 */
export function InviteAccept({ token, onSignedIn, onGone }: { token: string; onSignedIn: () => void; onGone: () => void }) {
  const info = useEmailedLink(teamApi.invitation, token, onGone);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function refuse(field: Field, text: string) {
    setError({ field, text });
    (field === "name" ? nameRef : passwordRef).current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return refuse("name", copy.emptyName);
    if (tooShort(password)) return refuse("password", copy.shortPassword);
    setBusy(true);
    try {
      await teamApi.acceptInvitation(token, name.trim(), password);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 404) return onGone();
      // A 400 names the rule the password broke (too short, too common).
      return refuse("password", refusalText(failure, copy.failed));
    }
    setBusy(false);
    onSignedIn();
  }

  if (info === "loading") return <p role="status">{copy.loading}</p>;
  if (info === "failed") return <p role="alert">{adminCopy.unreachable}</p>;

  return (
    <form aria-labelledby={`${id}-heading`} noValidate onSubmit={onSubmit} aria-busy={busy} className="max-w-md space-y-2 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      <p>{copy.forWhom(info.email, roleNames[info.role])}</p>
      <p className="text-muted">{copy.expires(formatWhen(info.expiresAt))}</p>
      {/* The address, for a password manager to store with the new password. */}
      <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
      <label htmlFor={`${id}-name`} className={`${labelClass} pt-2`}>
        {copy.nameLabel}
      </label>
      <input
        ref={nameRef}
        id={`${id}-name`}
        type="text"
        autoComplete="name"
        required
        maxLength={NAME_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={error?.field === "name" ? true : undefined}
        aria-describedby={error?.field === "name" ? `${id}-error` : undefined}
        className={inputClass}
      />
      <NewPasswordFields
        id={id}
        label={copy.passwordLabel}
        rule={copy.passwordRule}
        value={password}
        onChange={setPassword}
        inputRef={passwordRef}
        invalid={error?.field === "password"}
        error={error?.text}
      />
      <button type="submit" aria-disabled={busy} className={primaryButton}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
