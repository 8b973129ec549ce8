import { useId, useRef, useState, type FormEvent } from "react";
import { accountCopy } from "~/admin/data/admin-team";
import { PASSWORD_MAX, WRONG_CURRENT_PASSWORD } from "../../../contract/team";
import { ApiError, refusalText, Unauthorized } from "./admin-api";
import { NewPasswordFields, tooShort } from "./new-password-fields";
import { teamApi } from "./team-api";
import { inputClass, labelClass, secondaryButton } from "./ui";

const copy = accountCopy.password;
type Field = "current" | "password";

/**
 * The person's own password: the current one, then the new one. A refusal
 * names its field (a wrong current password, a new one too short or too
 * common) and leaves both typed; success empties the form and hands the
 * account's status line what to say (how many other sessions ended).
 */
export function PasswordChange({ onChanged, onUnauthorized }: { onChanged: (done: string) => void; onUnauthorized: () => void }) {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function refuse(field: Field, text: string) {
    setError({ field, text });
    (field === "current" ? currentRef : passwordRef).current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!current) return refuse("current", copy.emptyCurrent);
    if (tooShort(password)) return refuse("password", copy.shortPassword);
    setBusy(true);
    try {
      const { endedSessions } = await teamApi.changePassword(current, password);
      setError(null);
      setCurrent("");
      setPassword("");
      onChanged(copy.changed(endedSessions));
    } catch (failure) {
      if (failure instanceof Unauthorized) return onUnauthorized();
      if (failure instanceof ApiError && failure.status === 429) return refuse("current", copy.limited);
      const text = refusalText(failure, copy.failed);
      // Any other 400 names the new password's rule it broke.
      refuse(text === WRONG_CURRENT_PASSWORD ? "current" : "password", text);
    } finally {
      setBusy(false);
    }
  }

  

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {copy.heading}
      </h3>
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`} aria-busy={busy} className="max-w-md space-y-2">
        <label htmlFor={`${id}-current`} className={labelClass}>
          {copy.currentLabel}
        </label>
        <input
          ref={currentRef}
          id={`${id}-current`}
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          aria-invalid={error?.field === "current" ? true : undefined}
          aria-describedby={error?.field === "current" ? `${id}-error` : undefined}
          className={inputClass}
        />
        <NewPasswordFields
          id={id}
          label={copy.newLabel}
          rule={copy.rule}
          value={password}
          onChange={setPassword}
          inputRef={passwordRef}
          invalid={error?.field === "password"}
          error={error?.text}
        />
        <button type="submit" aria-disabled={busy} className={secondaryButton}>
          {busy ? copy.submitting : copy.submit}
        </button>
      </form>
    </section>
  );
}
