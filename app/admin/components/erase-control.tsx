import { useEffect, useId, useRef, useState } from "react";
import { adminCopy } from "~/admin/data/admin";
import { adminApi, Unauthorized } from "./admin-api";
import { dangerButton, secondaryButton } from "./ui";

const copy = adminCopy.erase;
const personCopy = adminCopy.person;

/** Subject access: everything held about the address, downloaded as a JSON file through an authenticated fetch. */
function PersonExportButton({ email, onUnauthorized, onMessage }: { email: string; onUnauthorized: () => void; onMessage: (message: string) => void }) {
  const [working, setWorking] = useState(false);

  async function save() {
    if (working) return;
    setWorking(true);
    onMessage("");
    try {
      await adminApi.personExport(email);
      onMessage(personCopy.done(email));
    } catch (failure) {
      if (failure instanceof Unauthorized) return onUnauthorized();
      onMessage(personCopy.failed);
    } finally {
      setWorking(false);
    }
  }

  return (
    <button type="button" onClick={save} aria-disabled={working} className={secondaryButton}>
      {working ? personCopy.working : personCopy.download(email)}
    </button>
  );
}

/**
 * A person's data: download all of it, or, for a role that may erase, erase
 * it in two steps (ask, then confirm naming the address).
 */
export function EraseControl({ email, onErased, onUnauthorized, canErase = true }: { email: string; onErased: (message: string) => void; onUnauthorized: () => void; canErase?: boolean }) {
  const [step, setStep] = useState<"idle" | "confirm" | "working">("idle");
  const [error, setError] = useState("");
  const [downloaded, setDownloaded] = useState("");
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  const textId = useId();

  useEffect(() => {
    if (step === "confirm") confirmRef.current?.focus();
    else if (step === "idle" && asked.current) startRef.current?.focus();
  }, [step]);

  async function erase() {
    if (step === "working") return;
    setStep("working");
    try {
      onErased(copy.done(await adminApi.erase(email)));
    } catch (failure) {
      if (failure instanceof Unauthorized) return onUnauthorized();
      setError(copy.failed);
      setStep("confirm");
    }
  }

  return (
    <div className="rounded-xl border border-danger/40 p-4">
      <h3 className="text-lg font-semibold text-brand-900">{copy.heading}</h3>
      <p className="mt-1 text-muted">{copy.text}</p>
      {step === "idle" ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <PersonExportButton email={email} onUnauthorized={onUnauthorized} onMessage={setDownloaded} />
          {canErase && (
            <button
              ref={startRef}
              type="button"
              onClick={() => {
                asked.current = true;
                setStep("confirm");
              }}
              className={secondaryButton}
            >
              {copy.start(email)}
            </button>
          )}
        </div>
      ) : (
        <div role="group" aria-labelledby={textId} className="mt-3 space-y-3">
          <p id={textId} className="font-semibold text-danger">
            {copy.confirm(email)}
          </p>
          <div className="flex flex-wrap gap-3">
            <button ref={confirmRef} type="button" onClick={erase} aria-disabled={step === "working"} className={dangerButton}>
              {step === "working" ? copy.working : copy.yes(email)}
            </button>
            <button type="button" onClick={() => setStep("idle")} className={secondaryButton}>
              {copy.cancel}
            </button>
          </div>
        </div>
      )}
      <p role="status" className="mt-2 text-sm text-muted">
        {downloaded}
      </p>
      <p role="alert" className="mt-2 text-sm font-medium text-danger">
        {error}
      </p>
    </div>
  );
}
