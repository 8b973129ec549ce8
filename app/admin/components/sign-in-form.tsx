import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { adminCopy } from "~/admin/data/admin";
import { teamSignInCopy } from "~/admin/data/admin-team";
import type { SecondFactorMethod, SignInState } from "../../../contract/team";
import { adminApi, ApiError } from "./admin-api";
import { PasskeySignInButton, usePasskeySignIn } from "./passkey-sign-in";
import { teamApi } from "./team-api";
import { inputClass, labelClass, primaryButton, secondaryButton } from "./ui";

const copy = adminCopy.signIn;
const teamCopy = teamSignInCopy;
const stepCopy = teamSignInCopy.secondStep;

type Failure = "limited" | "failed" | "no-cookie";
const failureText: Record<Failure, string> = { limited: copy.tooMany, failed: copy.failed, "no-cookie": copy.noCookie };

/** A refused code: the server's words when it gave a reason, else ours. */
function codeRefusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return copy.tooMany;
  if (error instanceof ApiError && [400, 401, 403].includes(error.status)) return error.serverMessage || stepCopy.wrongCode;
  return copy.failed;
}

/**
 * Email and password, then, when the server asks for one, the second factor:
 * a passkey or a code (authenticator or recovery). Errors are announced and
 * tied to their field, which keeps focus; a new step starts at its heading.
 */
export function SignInForm({ notice, onSignedIn }: { notice?: string; onSignedIn: () => void }) {
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepped = useRef(false);

  useEffect(() => {
    if (stepped.current) headingRef.current?.focus();
    stepped.current = true;
  }, [methods]);

  /** Signed in: check the browser kept the session cookie (Secure: plain HTTP other than localhost drops it). */
  async function finish(): Promise<Failure | null> {
    try {
      if (!(await adminApi.status()).signedIn) return "no-cookie";
    } catch {
      return "failed";
    }
    onSignedIn();
    return null;
  }

  return methods ? (
    <SecondStep headingRef={headingRef} methods={methods} finish={finish} onStartOver={() => setMethods(null)} />
  ) : (
    <PasswordStep headingRef={headingRef} notice={notice} onSecondFactor={setMethods} finish={finish} />
  );
}

interface StepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  finish: () => Promise<Failure | null>;
}

function PasswordStep({ headingRef, notice, onSecondFactor, finish }: StepProps & { notice?: string; onSecondFactor: (methods: SecondFactorMethod[]) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ field: "email" | "password"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const passkey = usePasskeySignIn(finish);

  function refuse(field: "email" | "password", text: string) {
    setError({ field, text });
    (field === "email" ? emailRef : passwordRef).current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) return refuse("email", teamCopy.emptyEmail);
    if (!password) return refuse("password", teamCopy.emptyPassword);
    setBusy(true);
    let answer: SignInState | "wrong" | "limited" | "failed";
    try {
      answer = await teamApi.signIn(email.trim(), password);
    } catch {
      answer = "failed";
    }
    if (typeof answer === "object" && answer.secondFactor?.length) {
      setBusy(false);
      return onSecondFactor(answer.secondFactor);
    }
    const failure = typeof answer === "object" ? (answer.signedIn ? await finish() : "failed") : answer;
    setBusy(false);
    if (failure === null) return;
    refuse("password", failure === "wrong" ? teamCopy.wrong : failureText[failure]);
  }

  const describedBy = (field: "email" | "password") => (error?.field === field ? `${id}-error` : undefined);

  return (
    <form aria-labelledby={`${id}-heading`} noValidate onSubmit={onSubmit} aria-busy={busy} className="max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-xl font-bold text-brand-900">
        {copy.heading}
      </h2>
      {notice && <p className="mt-2 text-muted">{notice}</p>}
      <label htmlFor={`${id}-email`} className={`${labelClass} mt-4`}>
        {teamCopy.emailLabel}
      </label>
      <input
        ref={emailRef}
        id={`${id}-email`}
        type="email"
        autoComplete={passkey.emailAutocomplete}
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error?.field === "email" ? true : undefined}
        aria-describedby={describedBy("email")}
        className={inputClass}
      />
      <label htmlFor={`${id}-password`} className={`${labelClass} mt-4`}>
        {copy.passwordLabel}
      </label>
      <input
        ref={passwordRef}
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-invalid={error?.field === "password" ? true : undefined}
        aria-describedby={describedBy("password")}
        className={inputClass}
      />
      <p id={`${id}-error`} role="alert" className="mt-2 min-h-6 text-sm font-medium text-danger">
        {error?.text}
      </p>
      <button type="submit" aria-disabled={busy} className={`${primaryButton} mt-2`}>
        {busy ? copy.submitting : copy.submit}
      </button>
      <PasskeySignInButton passkey={passkey} />
    </form>
  );
}

function SecondStep({ headingRef, methods, finish, onStartOver }: StepProps & { methods: SecondFactorMethod[]; onStartOver: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function settle(attempt: () => Promise<SignInState>, refusal: (error: unknown) => string, kind: "code" | "passkey") {
    if (busy) return;
    setBusy(kind);
    setError("");
    let text: string;
    try {
      const state = await attempt();
      const failure = state.signedIn ? await finish() : "failed";
      if (failure === null) return;
      text = failureText[failure];
    } catch (failure) {
      text = refusal(failure);
    }
    setBusy(null);
    setError(text);
    inputRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    if (!value) {
      setError(stepCopy.emptyCode);
      inputRef.current?.focus();
      return;
    }
    void settle(() => teamApi.secondFactor(value), codeRefusal, "code");
  }

  // A passkey that was cancelled or failed on the device throws before the server is asked.
  const usePasskey = () => settle(() => teamApi.passkeySignIn(), (failure) => (failure instanceof ApiError ? codeRefusal(failure) : stepCopy.passkeyFailed), "passkey");

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={busy !== null} className="max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-xl font-bold text-brand-900">
        {stepCopy.heading}
      </h2>
      <p className="text-muted">{stepCopy.text}</p>
      {methods.includes("passkey") && (
        <button type="button" onClick={usePasskey} aria-disabled={busy !== null} className={primaryButton}>
          {busy === "passkey" ? stepCopy.passkeyWorking : stepCopy.passkey}
        </button>
      )}
      <form noValidate onSubmit={onSubmit} aria-label={stepCopy.or}>
        <label htmlFor={`${id}-code`} className={labelClass}>
          {stepCopy.codeLabel}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {stepCopy.codeHint}
        </p>
        <input
          ref={inputRef}
          id={`${id}-code`}
          type="text"
          autoComplete="one-time-code"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className={inputClass}
        />
        <p id={`${id}-error`} role="alert" className="mt-2 min-h-6 text-sm font-medium text-danger">
          {error}
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="submit" aria-disabled={busy !== null} className={primaryButton}>
            {busy === "code" ? stepCopy.submitting : stepCopy.submit}
          </button>
          <button type="button" onClick={onStartOver} className={secondaryButton}>
            {stepCopy.startOver}
          </button>
        </div>
      </form>
    </section>
  );
}
