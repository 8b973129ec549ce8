import { useCallback, useEffect, useRef, useState } from "react";
import { adminCopy } from "~/admin/data/admin";
import { inviteCopy, resetCopy, roleNames, teamNavCopy } from "~/admin/data/admin-team";
import type { Me } from "../../../contract/team";
import { MAIN_CONTENT_ID } from "~/components/ui/skip-link";
import { adminApi, Unauthorized } from "./admin-api";
import { InviteAccept } from "./invite-accept";
import { ForgotPassword, PasswordReset } from "./password-reset";
import { SecondFactorSetup } from "./second-factor-setup";
import { SignInForm } from "./sign-in-form";
import { StaffArea } from "./staff-area";
import { teamApi } from "./team-api";
import { secondaryButton } from "./ui";

type State = "loading" | "unreachable" | "off" | "signed-out" | "expired" | "invited" | "reset" | "signed-in";

const INVITE_HASH = /^#invite=([^&]+)/;
const RESET_HASH = /^#reset=([^&]+)/;

/**
 * An invitation's or a reset link's token in the address's fragment, once: it
 * is taken out of the address bar (and so out of the history and any later
 * copy of the URL).
 */
function takeToken(pattern: RegExp): string | null {
  if (typeof window === "undefined") return null;
  const token = pattern.exec(window.location.hash)?.[1];
  if (!token) return null;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  return decodeURIComponent(token);
}

/**
 * The owner's screens: their own header (site name, who is signed in,
 * sign-out) and main. It asks the server whether the inbox is on and signed
 * in (or opens an invitation from the link), then who is signed in, and
 * shows the matching view: a second factor to set up first, else the
 * sections the person's role may use. `siteName` is site/brand.yaml's, given
 * by the route as a prop: the inbox's code carries no content.
 */
export function AdminInbox({ siteName }: { siteName: string }) {
  const [state, setState] = useState<State>("loading");
  const [me, setMe] = useState<Me | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [inviteGone, setInviteGone] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  // Off until someone has joined: the first owner's invitation, made on the server's command line, opens it.
  const [teamOn, setTeamOn] = useState(true);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const settled = useRef(false);

  useEffect(() => {
    const invite = takeToken(INVITE_HASH);
    const reset = takeToken(RESET_HASH);
    adminApi.status().then(
      (status) => {
        setTeamOn(status.enabled);
        if (invite) {
          setToken(invite);
          return setState("invited");
        }
        if (reset && status.enabled) {
          setToken(reset);
          return setState("reset");
        }
        if (!status.enabled) return setState("off");
        setState(status.signedIn ? "signed-in" : "signed-out");
      },
      () => setState("unreachable"),
    );
  }, []);

  const expired = useCallback(() => {
    setMe(null);
    setState("expired");
  }, []);

  /** Who is signed in, loaded again (after a change to their factors, say). */
  const loadMe = useCallback(() => {
    teamApi.me().then(setMe, (error: unknown) => (error instanceof Unauthorized ? expired() : setState("unreachable")));
  }, [expired]);

  useEffect(() => {
    if (state === "signed-in") loadMe();
  }, [state, loadMe]);

  // A new view removes the control that had focus: start again from the heading.
  const mustSetUp = me?.mustSetUpSecondFactor ?? null;
  useEffect(() => {
    if (state === "loading" || (state === "signed-in" && mustSetUp === null)) return;
    if (settled.current) headingRef.current?.focus();
    settled.current = true;
  }, [state, mustSetUp]);

  const inviteGoneNow = useCallback(() => {
    setToken(null);
    setInviteGone(true);
    setState(teamOn ? "signed-out" : "off");
  }, [teamOn]);

  /** Back from a reset link to the sign-in, saying why. */
  const resetOver = useCallback((message: string) => {
    setToken(null);
    setNotice(message);
    setState("signed-out");
  }, []);
  const resetDone = useCallback(() => resetOver(resetCopy.done), [resetOver]);
  const resetGone = useCallback(() => resetOver(resetCopy.gone), [resetOver]);

  function signedIn() {
    setNotice(undefined);
    setToken(null);
    setInviteGone(false);
    setState("signed-in");
  }

  async function signOut() {
    try {
      await adminApi.signOut();
    } finally {
      setMe(null);
      setState("signed-out");
    }
  }

  return (
    <>
      <header className="bg-brand-700 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <p className="text-lg font-bold">
            {siteName} <span className="font-normal text-brand-100">· {adminCopy.headerLabel}</span>
          </p>
          {state === "signed-in" && (
            <div className="flex flex-wrap items-center gap-4">
              {me && <p>{teamNavCopy.signedInAs(me.name, roleNames[me.role])}</p>}
              <button type="button" onClick={signOut} className={`${secondaryButton} ring-white`}>
                {adminCopy.signOut}
              </button>
            </div>
          )}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-7xl space-y-6 px-4 py-8 outline-none">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-900 outline-none">{adminCopy.heading}</h1>
        {(state === "loading" || (state === "signed-in" && !me)) && <p role="status">{adminCopy.loading}</p>}
        {state === "unreachable" && <p role="alert">{adminCopy.unreachable}</p>}
        {state === "off" && (
          <section aria-labelledby="inbox-off" className="max-w-2xl rounded-2xl bg-white p-6 ring-1 ring-line">
            <h2 id="inbox-off" className="text-xl font-bold text-brand-900">
              {adminCopy.off.heading}
            </h2>
            <p className="mt-2">{adminCopy.off.text}</p>
          </section>
        )}
        {state === "invited" && token && <InviteAccept token={token} onSignedIn={signedIn} onGone={inviteGoneNow} />}
        {inviteGone && (state === "signed-out" || state === "off") && (
          <p role="alert" className="max-w-2xl font-medium text-danger">
            {inviteCopy.gone}
          </p>
        )}
        {state === "reset" && token && <PasswordReset token={token} onDone={resetDone} onGone={resetGone} />}
        {(state === "signed-out" || state === "expired") && (
          <>
            <SignInForm notice={state === "expired" ? adminCopy.signIn.expired : notice} onSignedIn={signedIn} />
            <ForgotPassword />
          </>
        )}
        {state === "signed-in" && me?.mustSetUpSecondFactor && <SecondFactorSetup required onDone={loadMe} onUnauthorized={expired} />}
        {state === "signed-in" && me && !me.mustSetUpSecondFactor && <StaffArea me={me} onChanged={loadMe} onUnauthorized={expired} />}
      </main>
    </>
  );
}
