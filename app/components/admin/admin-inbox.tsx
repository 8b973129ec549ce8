import { useCallback, useEffect, useRef, useState } from "react";
import { adminCopy } from "~/data/admin";
import { site } from "~/data/site";
import { MAIN_CONTENT_ID } from "../layout/skip-link";
import { ActivityLog } from "./activity-log";
import { adminApi } from "./admin-api";
import { AnalyticsDashboard } from "./analytics-dashboard";
import { LeadBrowser } from "./lead-browser";
import { SignInForm } from "./sign-in-form";
import { secondaryButton } from "./ui";

type State = "loading" | "unreachable" | "off" | "signed-out" | "expired" | "signed-in";

/**
 * The owner's inbox: its own header (site name, sign-out) and main. It asks the
 * server whether the inbox is on and signed in, then shows the matching view.
 */
export function AdminInbox() {
  const [state, setState] = useState<State>("loading");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const settled = useRef(false);

  useEffect(() => {
    adminApi.status().then(
      (status) => setState(!status.enabled ? "off" : status.signedIn ? "signed-in" : "signed-out"),
      () => setState("unreachable"),
    );
  }, []);

  // Signing in or out removes the control that had focus: start again from the heading.
  useEffect(() => {
    if (state === "loading") return;
    if (settled.current) headingRef.current?.focus();
    settled.current = true;
  }, [state]);

  const expired = useCallback(() => setState("expired"), []);

  async function signOut() {
    try {
      await adminApi.signOut();
    } finally {
      setState("signed-out");
    }
  }

  return (
    <>
      <header className="bg-brand-700 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <p className="text-lg font-bold">
            {site.name} <span className="font-normal text-brand-100">· {adminCopy.headerLabel}</span>
          </p>
          {state === "signed-in" && (
            <button type="button" onClick={signOut} className={`${secondaryButton} ring-white`}>
              {adminCopy.signOut}
            </button>
          )}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-7xl space-y-6 px-4 py-8 outline-none">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-900 outline-none">{adminCopy.heading}</h1>
        {state === "loading" && <p role="status">{adminCopy.loading}</p>}
        {state === "unreachable" && <p role="alert">{adminCopy.unreachable}</p>}
        {state === "off" && (
          <section aria-labelledby="inbox-off" className="max-w-2xl rounded-2xl bg-white p-6 ring-1 ring-line">
            <h2 id="inbox-off" className="text-xl font-bold text-brand-900">
              {adminCopy.off.heading}
            </h2>
            <p className="mt-2">{adminCopy.off.text}</p>
          </section>
        )}
        {(state === "signed-out" || state === "expired") && (
          <SignInForm notice={state === "expired" ? adminCopy.signIn.expired : undefined} onSignedIn={() => setState("signed-in")} />
        )}
        {state === "signed-in" && <LeadBrowser onUnauthorized={expired} />}
        {state === "signed-in" && <AnalyticsDashboard onUnauthorized={expired} />}
        {state === "signed-in" && <ActivityLog onUnauthorized={expired} />}
      </main>
    </>
  );
}
