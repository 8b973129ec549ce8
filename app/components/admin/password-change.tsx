import { useId, useRef, useState, type FormEvent } from "react";
import { accountCopy } from "~/data/admin-team";
import { PASSWORD_MAX, PASSWORD_MIN, WRONG_CURRENT_PASSWORD } from "../../../contract/team";
import { ApiError, refusalText, Unauthorized } from "./admin-api";
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
    if ([...password].length < PASSWORD_MIN) return refuse("password", copy.shortPassword);
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

  const describedBy = (field: Field, hint?: string) => [hint, error?.field === field ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;

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
          aria-describedby={describedBy("current")}
          className={inputClass}
        />
        <label htmlFor={`${id}-new`} className={`${labelClass} pt-2`}>
          {copy.newLabel}
        </label>
        <p id={`${id}-rule`} className="text-sm text-muted">
          {copy.rule}
        </p>
        <input
          ref={passwordRef}
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error?.field === "password" ? true : undefined}
          aria-describedby={describedBy("password", `${id}-rule`)}
          className={inputClass}
        />
        <p id={`${id}-error`} role="alert" className="min-h-6 text-sm font-medium text-danger">
          {error?.text}
        </p>
        <button type="submit" aria-disabled={busy} className={secondaryButton}>
          {busy ? copy.submitting : copy.submit}
        </button>
      </form>
    </section>
  );
}
