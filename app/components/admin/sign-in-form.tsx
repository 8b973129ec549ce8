import { useId, useRef, useState, type FormEvent } from "react";
import { adminCopy } from "~/data/admin";
import { adminApi } from "./admin-api";
import { inputClass, labelClass, primaryButton } from "./ui";

const copy = adminCopy.signIn;

/** The password form. An error is announced and tied to the field; focus returns to it. */
export function SignInForm({ notice, onSignedIn }: { notice?: string; onSignedIn: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError(copy.empty);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    let outcome: "ok" | "wrong" | "limited" | "failed" | "no-cookie";
    try {
      outcome = await adminApi.signIn(password);
      // The session cookie is Secure: a browser on plain HTTP (other than localhost) drops it.
      if (outcome === "ok" && !(await adminApi.status()).signedIn) outcome = "no-cookie";
    } catch {
      outcome = "failed";
    }
    setBusy(false);
    if (outcome === "ok") {
      setPassword("");
      onSignedIn();
      return;
    }
    setError({ wrong: copy.wrong, limited: copy.tooMany, failed: copy.failed, "no-cookie": copy.noCookie }[outcome]);
    inputRef.current?.focus();
  }

  return (
    <form aria-labelledby={`${id}-heading`} noValidate onSubmit={onSubmit} aria-busy={busy} className="max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      {notice && <p className="mt-2 text-muted">{notice}</p>}
      <label htmlFor={`${id}-password`} className={`${labelClass} mt-4`}>
        {copy.passwordLabel}
      </label>
      <input
        ref={inputRef}
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      <p id={`${id}-error`} role="alert" className="mt-2 min-h-6 text-sm font-medium text-danger">
        {error}
      </p>
      <button type="submit" aria-disabled={busy} className={`${primaryButton} mt-2`}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
