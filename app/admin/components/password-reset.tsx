import { useId, useRef, useState, type FormEvent } from "react";
import { adminCopy } from "~/admin/data/admin";
import { resetCopy as copy } from "~/admin/data/admin-team";
import { ApiError, refusalText } from "./admin-api";
import { NewPasswordFields, tooShort } from "./new-password-fields";
import { teamApi } from "./team-api";
import { useEmailedLink } from "./use-emailed-link";
import { inputClass, labelClass, primaryButton, secondaryButton } from "./ui";

/**
 * A "forgot your password" link opened: whose it is, then a new password.
 * Setting it ends every session of the person and goes back to sign-in
 * (onDone); a used or expired link goes back with a message (onGone).
 */
export function PasswordReset({ token, onDone, onGone }: { token: string; onDone: () => void; onGone: () => void }) {
  const whose = useEmailedLink(teamApi.resetLink, token, onGone);
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();

  function refuse(text: string) {
    setError(text);
    passwordRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (tooShort(password)) return refuse(copy.shortPassword);
    setBusy(true);
    try {
      await teamApi.useReset(token, password);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 404) return onGone();
      // A 400 names the rule the password broke (too short, too common, the email).
      return refuse(refusalText(failure, copy.failed));
    }
    setBusy(false);
    onDone();
  }

  if (whose === "loading") return <p role="status">{copy.loading}</p>;
  if (whose === "failed") return <p role="alert">{adminCopy.unreachable}</p>;

  return (
    <form aria-labelledby={`${id}-heading`} noValidate onSubmit={onSubmit} aria-busy={busy} className="max-w-md space-y-2 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      <p>{copy.forWhom(whose.email)}</p>
      {/* For the password manager: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={whose.email} readOnly hidden />
      <NewPasswordFields
        id={id}
        label={copy.passwordLabel}
        rule={copy.passwordRule}
        value={password}
        onChange={setPassword}
        inputRef={passwordRef}
        invalid={error !== ""}
        error={error}
      />
      <button type="submit" aria-disabled={busy} className={primaryButton}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}

/** "Forgot your password?" under the sign-in: a disclosure the platform opens, then an email for the link. */
export function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  // Its field exists only while it is open: the sign-in's own Email is then the page's only one.
  const [open, setOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const forgot = copy.forgot;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSent(false);
    if (!email.trim()) {
      setError(forgot.emptyEmail);
      return emailRef.current?.focus();
    }
    setBusy(true);
    try {
      await teamApi.requestReset(email.trim());
      setError("");
      setSent(true);
    } catch (failure) {
      setError(refusalText(failure, forgot.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="max-w-md" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-brand-700 underline hover:text-brand-600">{forgot.summary}</summary>
      {open && (
        <form noValidate onSubmit={onSubmit} aria-busy={busy} className="mt-3 space-y-2">
          <p id={`${id}-text`}>{forgot.text}</p>
          <label htmlFor={`${id}-email`} className={labelClass}>
            {forgot.emailLabel}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-text`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
            className={inputClass}
          />
          <p id={`${id}-error`} role="alert" className="min-h-6 text-sm font-medium text-danger">
            {error}
          </p>
          <p role="status" className="font-medium text-success">
            {sent ? forgot.sent : ""}
          </p>
          <button type="submit" aria-disabled={busy} className={secondaryButton}>
            {busy ? forgot.submitting : forgot.submit}
          </button>
        </form>
      )}
    </details>
  );
}
