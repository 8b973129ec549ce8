import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { accountCopy } from "~/admin/data/admin-team";
import { CONFIRM_IT_IS_YOU, PASSWORD_MAX, type Me } from "../../../contract/team";
import { ApiError, refusalText, Unauthorized } from "./admin-api";
import { teamApi } from "./team-api";
import { inputClass, labelClass, primaryButton, secondaryButton } from "./ui";

const copy = accountCopy.confirm;

/** Whether a security change would be asked for the password now (the server decides; this saves a refusal). */
export const mustConfirm = (me: Me, now = Date.now()) => !me.confirmedUntil || Date.parse(me.confirmedUntil) <= now;

/** Whether a refusal was the server asking for the password again. */
export const askedToConfirm = (failure: unknown) => failure instanceof ApiError && failure.status === 403 && failure.serverMessage === CONFIRM_IT_IS_YOU;

/**
 * The password again before a security change (a factor added or removed,
 * new recovery codes); once it is right, the change goes on (onConfirmed).
 */
export function ConfirmItIsYou({
  hasPasskey = false,
  onConfirmed,
  onCancel,
  onUnauthorized,
}: {
  /** The person has a passkey: "Use a passkey" (user-verified) confirms as the password does. */
  hasPasskey?: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
  onUnauthorized: () => void;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState<"password" | "passkey" | false>(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => passwordRef.current?.focus(), []);

  function refuse(text: string) {
    setError(text);
    passwordRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) return refuse(copy.emptyPassword);
    setBusy("password");
    try {
      await teamApi.confirm(password);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof Unauthorized) return onUnauthorized();
      return refuse(refusalText(failure, copy.failed));
    }
    setBusy(false);
    onConfirmed();
  }

  // A passkey cancelled or failed on the device throws before the server is asked.
  async function confirmByPasskey() {
    if (busy) return;
    setBusy("passkey");
    setError("");
    try {
      await teamApi.confirmWithPasskey();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof Unauthorized) return onUnauthorized();
      return refuse(failure instanceof ApiError ? refusalText(failure, copy.failed) : copy.passkeyCancelled);
    }
    setBusy(false);
    onConfirmed();
  }

  return (
    <form aria-labelledby={`${id}-heading`} noValidate onSubmit={onSubmit} aria-busy={busy !== false} className="max-w-md space-y-2 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      <p id={`${id}-text`}>{copy.text}</p>
      <label htmlFor={`${id}-password`} className={`${labelClass} pt-2`}>
        {copy.passwordLabel}
      </label>
      <input
        ref={passwordRef}
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-text`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        className={inputClass}
      />
      <p id={`${id}-error`} role="alert" className="min-h-6 text-sm font-medium text-danger">
        {error}
      </p>
      {hasPasskey && (
        <p id={`${id}-passkey`} className="text-sm text-muted">
          {copy.orPasskey}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={busy !== false} className={primaryButton}>
          {busy === "password" ? copy.submitting : copy.submit}
        </button>
        {hasPasskey && (
          <button type="button" onClick={() => void confirmByPasskey()} aria-disabled={busy !== false} aria-describedby={`${id}-passkey`} className={secondaryButton}>
            {busy === "passkey" ? copy.passkeyWorking : copy.passkey}
          </button>
        )}
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {copy.cancel}
        </button>
      </div>
    </form>
  );
}
