import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from "@simplewebauthn/browser";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { adminCopy } from "~/admin/data/admin";
import { teamSignInCopy } from "~/admin/data/admin-team";
import type { SignInState } from "../../../contract/team";
import { ApiError } from "./admin-api";
import { teamApi } from "./team-api";
import { secondaryButton } from "./ui";

const copy = teamSignInCopy.passkeyOnly;

/** Requests for the email field's suggestions one page makes: the first, and one after each of two refused passkeys. */
const AUTOFILL_ROUNDS_MAX = 3;

/** A ceremony ended because another began or the form went away: nothing to tell the person. */
const aborted = (failure: unknown) => failure instanceof Error && failure.name === "AbortError";

/** Why a passkey did not sign in: the server's words when it gave them, else ours. */
function refusal(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 429) return adminCopy.signIn.tooMany;
  if (failure instanceof ApiError) return failure.serverMessage || adminCopy.signIn.failed;
  return copy.cancelled;
}

export interface PasskeySignIn {
  /** The email field's autocomplete: the device's passkeys are offered among its suggestions where the browser can. */
  emailAutocomplete: "username" | "username webauthn";
  busy: boolean;
  error: string;
  /** "Sign in with a passkey": the device's own prompt, for keyboards, screen readers and browsers without the suggestions. */
  usePasskey: () => void;
}

/**
 * Signing in by a passkey alone (a user-verified passkey is both factors).
 * Where the browser offers passkeys among a field's suggestions
 * (conditional mediation), a request waits for one from the page's opening
 * and again after a refused one; the button asks in the device's own
 * prompt. `finish` checks the session and answers what went wrong, if anything.
 */
export function usePasskeySignIn(finish: () => Promise<string | null>): PasskeySignIn {
  const [autofill, setAutofill] = useState(false);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const live = useRef(true);
  // The latest, read when a passkey answers: a new `finish` each render must not begin a new request.
  const finishRef = useRef(finish);
  useEffect(() => {
    finishRef.current = finish;
  });

  useEffect(() => {
    live.current = true;
    void browserSupportsWebAuthnAutofill().then((yes) => live.current && setAutofill(yes));
    return () => {
      live.current = false;
      // The form went away (signed in, or on to a second step): the waiting request goes with it.
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  /** A try that did not sign in: told, and the suggestions offered again with a new challenge (the last one was used). */
  const failed = useCallback((failure: unknown) => {
    if (aborted(failure) || !live.current) return;
    setError(typeof failure === "string" ? failure : refusal(failure));
    setBusy(false);
    setRound((count) => count + 1);
  }, []);
  const answered = useCallback(
    async (state: SignInState) => {
      const failure = state.signedIn ? await finishRef.current() : "failed";
      if (failure !== null) failed(failure === "no-cookie" ? copy.noCookie : adminCopy.signIn.failed);
    },
    [failed],
  );

  // Waits, after the field has its "webauthn" token (the browser looks for it when the request begins).
  // The browser ending the wait before anyone chose a passkey (none for this site, or it cannot offer
  // them now) is nobody's mistake: nothing to tell, and no new request, which would end at once again.
  // A passkey the server refused offers them again, a few times at most.
  useEffect(() => {
    if (autofill && round < AUTOFILL_ROUNDS_MAX) teamApi.passkeyOnlySignIn({ autofill: true, wanted: () => live.current }).then(answered, (failure: unknown) => failure instanceof ApiError && failed(failure));
  }, [autofill, round, answered, failed]);

  const usePasskey = () => {
    if (busy) return;
    setBusy(true);
    setError("");
    // Starting it ends the waiting autofill request (one ceremony at a time).
    teamApi.passkeyOnlySignIn({ autofill: false, wanted: () => live.current }).then(answered, failed);
  };

  return { emailAutocomplete: autofill ? "username webauthn" : "username", busy, error, usePasskey };
}

/** The "Sign in with a passkey" way of the sign-in form, with its own announced outcome. */
export function PasskeySignInButton({ passkey }: { passkey: PasskeySignIn }) {
  const id = useId();
  return (
    <div className="mt-4 border-t border-line pt-4">
      <p id={`${id}-or`} className="text-sm text-muted">
        {copy.or}
      </p>
      <button type="button" onClick={passkey.usePasskey} aria-disabled={passkey.busy} aria-describedby={`${id}-or`} className={`${secondaryButton} mt-2`}>
        {passkey.busy ? copy.working : copy.button}
      </button>
      {/* Only when there is something to say: the password's own alert stays the form's one otherwise. */}
      {passkey.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {passkey.error}
        </p>
      )}
    </div>
  );
}
