import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { secondFactorCopy as copy } from "~/admin/data/admin-team";
import { NAME_MAX, type RecoveryCodes, type TotpSetup } from "../../../contract/team";
import { ApiError, refusalText, Unauthorized } from "./admin-api";
import { QrCode } from "./qr-code";
import { RecoveryCodesView } from "./recovery-codes";
import { teamApi } from "./team-api";
import { inputClass, labelClass, primaryButton, secondaryButton } from "./ui";

type Step = { name: "choose" } | { name: "totp"; setup: TotpSetup } | { name: "codes"; codes: readonly string[]; message: string };

interface SetupProps {
  /** The account has no second factor and needs one: nothing else is open until it has. */
  required?: boolean;
  /** Offer only one way (from "Your account"); both otherwise. */
  only?: "passkey" | "totp";
  /** The person has no factor yet: the first one brings recovery codes. */
  firstFactor?: boolean;
  /** Move focus to the heading as soon as it shows (opened by a button that is now gone). */
  focusOnOpen?: boolean;
  onDone: (message: string) => void;
  onCancel?: () => void;
  onUnauthorized: () => void;
}

/** A refused code or name: the server's words for a 400 (or a wrong code), else ours. */
const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && [400, 401, 403].includes(error.status) && error.serverMessage ? error.serverMessage : refusalText(error, fallback);

/**
 * Adding a second factor: a passkey (named), or an authenticator app (QR
 * code, the key to type, the first code). The first factor brings ten
 * recovery codes, shown once before going on.
 */
export function SecondFactorSetup({ required = false, firstFactor = required, only, focusOnOpen = false, onDone, onCancel, onUnauthorized }: SetupProps) {
  const [step, setStep] = useState<Step>({ name: "choose" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opened = useRef(focusOnOpen);
  const id = useId();

  // A new step replaces the control that had focus: start again from its heading.
  useEffect(() => {
    if (opened.current) headingRef.current?.focus();
    opened.current = true;
  }, [step]);

  /**
   * A factor was added: its recovery codes if the answer holds them. A first
   * factor whose answer holds none asks for them, so nobody is left with a
   * single way in.
   */
  async function added(answer: Partial<RecoveryCodes> | undefined, message: string) {
    let codes = answer?.codes;
    if (!codes?.length && firstFactor) {
      try {
        codes = (await teamApi.newRecoveryCodes()).codes;
      } catch (error) {
        if (error instanceof Unauthorized) return onUnauthorized();
      }
    }
    if (codes?.length) setStep({ name: "codes", codes, message });
    else onDone(message);
  }

  function failed(error: unknown) {
    if (error instanceof Unauthorized) onUnauthorized();
  }

  if (step.name === "codes") return <RecoveryCodesView codes={step.codes} headingRef={headingRef} onDone={() => onDone(step.message)} />;

  return (
    <section aria-labelledby={`${id}-heading`} className="max-w-2xl space-y-6 rounded-2xl bg-white p-6 ring-1 ring-line">
      <h2 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-xl font-bold text-brand-900">
        {step.name === "totp" ? copy.totp.heading : only === "passkey" ? copy.passkey.heading : only === "totp" ? copy.totp.heading : copy.heading}
      </h2>
      {required && step.name === "choose" && <p>{copy.required}</p>}
      {step.name === "totp" ? (
        <TotpConfirm setup={step.setup} onAdded={(answer) => void added(answer, copy.totp.added)} onFailed={failed} />
      ) : (
        <>
          {only !== "totp" && <PasskeyForm showHeading={!only} onAdded={(answer, name) => void added(answer, copy.passkey.added(name))} onFailed={failed} />}
          {only !== "passkey" && <TotpStart showHeading={!only} onStarted={(setup) => setStep({ name: "totp", setup })} onFailed={failed} />}
        </>
      )}
      {onCancel && (
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {copy.cancel}
        </button>
      )}
    </section>
  );
}

interface PartProps {
  onFailed: (error: unknown) => void;
}

function PasskeyForm({ showHeading, onAdded, onFailed }: PartProps & { showHeading: boolean; onAdded: (answer: Partial<RecoveryCodes> | undefined, name: string) => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    setError("");
    if (!trimmed) {
      setError(copy.passkey.emptyName);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await teamApi.addPasskey(trimmed);
      setBusy(false);
      onAdded(answer, trimmed);
    } catch (failure) {
      setBusy(false);
      onFailed(failure);
      if (failure instanceof Unauthorized) return;
      // A passkey cancelled on the device throws before the server is asked.
      setError(refusal(failure, copy.passkey.failed));
      inputRef.current?.focus();
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={showHeading ? `${id}-heading` : undefined} aria-busy={busy} className="space-y-2">
      {showHeading && (
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
          {copy.passkey.heading}
        </h3>
      )}
      <p className="text-muted">{copy.passkey.text}</p>
      <label htmlFor={`${id}-name`} className={labelClass}>
        {copy.passkey.nameLabel}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {copy.passkey.nameHint}
      </p>
      <input
        ref={inputRef}
        id={`${id}-name`}
        type="text"
        required
        maxLength={NAME_MAX}
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={`${inputClass} max-w-sm`}
      />
      <p id={`${id}-error`} role="alert" className="min-h-6 text-sm font-medium text-danger">
        {error}
      </p>
      <button type="submit" aria-disabled={busy} className={primaryButton}>
        {busy ? copy.passkey.adding : copy.passkey.add}
      </button>
    </form>
  );
}

function TotpStart({ showHeading, onStarted, onFailed }: PartProps & { showHeading: boolean; onStarted: (setup: TotpSetup) => void }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function start() {
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      onStarted(await teamApi.startTotp());
    } catch (failure) {
      setBusy(false);
      onFailed(failure);
      if (!(failure instanceof Unauthorized)) setError(refusalText(failure, copy.totp.failed));
    }
  }

  return (
    <div role="group" aria-labelledby={showHeading ? `${id}-heading` : undefined} className="space-y-2">
      {showHeading && (
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
          {copy.totp.heading}
        </h3>
      )}
      <p className="text-muted">{copy.totp.text}</p>
      <button type="button" onClick={start} aria-disabled={busy} className={secondaryButton}>
        {busy ? copy.totp.starting : copy.totp.start}
      </button>
      <p role="alert" className="min-h-6 text-sm font-medium text-danger">
        {error}
      </p>
    </div>
  );
}

function TotpConfirm({ setup, onAdded, onFailed }: PartProps & { setup: TotpSetup; onAdded: (answer: Partial<RecoveryCodes> | undefined) => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = code.replace(/\s+/g, "");
    setError("");
    if (!value) {
      setError(copy.totp.emptyCode);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await teamApi.confirmTotp(value);
      setBusy(false);
      onAdded(answer);
    } catch (failure) {
      setBusy(false);
      onFailed(failure);
      if (failure instanceof Unauthorized) return;
      setError(refusal(failure, copy.totp.failed));
      inputRef.current?.focus();
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} className="space-y-3">
      <p>{copy.totp.scan}</p>
      <QrCode text={setup.uri} label={copy.totp.qrAlt} />
      <div>
        {/* A read-only field, so the key is named by its label and selected whole to copy. */}
        <label htmlFor={`${id}-secret`} className={labelClass}>
          {copy.totp.secretLabel}
        </label>
        <input id={`${id}-secret`} type="text" readOnly value={setup.secret} onFocus={(event) => event.target.select()} className={`${inputClass} font-mono`} />
      </div>
      <label htmlFor={`${id}-code`} className={labelClass}>
        {copy.totp.codeLabel}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {copy.totp.codeHint}
      </p>
      <input
        ref={inputRef}
        id={`${id}-code`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={`${inputClass} max-w-xs`}
      />
      <p id={`${id}-error`} role="alert" className="min-h-6 text-sm font-medium text-danger">
        {error}
      </p>
      <button type="submit" aria-disabled={busy} className={primaryButton}>
        {busy ? copy.totp.confirming : copy.totp.confirm}
      </button>
    </form>
  );
}
