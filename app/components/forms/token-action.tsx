import { useEffect, useRef, useState } from "react";
import { newsletterFormAnchor, type TokenPageCopy } from "~/data/newsletter";
import { API_BASE } from "~/lib/lead-client";
import { TOKEN_PARAM } from "../../../contract/newsletter";
import { BusyButton } from "../ui/busy-button";
import { ButtonLink, buttonClasses } from "../ui/button-link";

type State = "ready" | "working" | "failed" | "done" | "invalid" | "expired" | "missing";

interface TokenActionProps {
  copy: TokenPageCopy;
  /** The API endpoint the button POSTs the token to. */
  endpoint: string;
  /** The API's outcome that means it worked. */
  success: string;
}

/**
 * A page that acts on the token in an email link (confirm, unsubscribe). It
 * acts only when the visitor presses the button, never on load, so mail
 * scanners that open links change nothing. Each outcome replaces the h1 and
 * moves focus to it, so screen readers announce the result.
 */
export function TokenAction({ copy, endpoint, success }: TokenActionProps) {
  const [state, setState] = useState<State>("ready");
  const token = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const changed = useRef(false);

  // The token is read in the browser: the page is pre-rendered without one.
  useEffect(() => {
    token.current = new URLSearchParams(window.location.search).get(TOKEN_PARAM);
    if (!token.current) setState("missing");
  }, []);

  useEffect(() => {
    if (changed.current) heading.current?.focus();
  }, [state]);

  async function act() {
    if (state === "working" || !token.current) return;
    changed.current = true;
    setState("working");
    try {
      const response = await fetch(`${API_BASE}${endpoint}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ [TOKEN_PARAM]: token.current }),
      });
      const outcome = ((await response.json()) as { outcome?: string }).outcome;
      if (outcome === success) setState("done");
      else if (outcome === "expired" && copy.expired) setState("expired");
      else if (outcome === "invalid" || outcome === "expired") setState("invalid");
      else setState("failed");
    } catch {
      setState("failed");
    }
  }

  const shown = state === "ready" || state === "working" || state === "failed" ? copy.ready : state === "expired" && copy.expired ? copy.expired : copy[state === "expired" ? "invalid" : state];
  const withButton = state === "ready" || state === "working" || state === "failed";
  const signUp = state === "expired" || state === "invalid" || state === "missing";

  return (
    <section className="mx-auto flex min-h-[50vh] max-w-3xl flex-col items-center justify-center px-4 py-24 text-center">
      <h1 ref={heading} tabIndex={-1} className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
        {shown.title}
      </h1>
      <p className="mt-6 text-lg text-muted">{shown.text}</p>
      {state === "failed" && (
        <p role="alert" className="mt-4 font-medium text-danger">
          {copy.failed}
        </p>
      )}
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        {withButton && (
          <BusyButton type="button" onClick={act} busy={state === "working"} label={copy.ready.button} busyLabel={copy.ready.working} />
        )}
        {state === "done" && <ButtonLink action={copy.done.link} />}
        {signUp && (
          <a href={`#${newsletterFormAnchor}`} className={buttonClasses("primary")}>
            {copy.signUpAgain}
          </a>
        )}
      </div>
    </section>
  );
}
