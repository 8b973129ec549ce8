import { STATUS_MESSAGE_MS } from "~/data/constants";
import type { Behaviour, ElementProps } from "~/lib/custom-element";
import { HELD_ATTRIBUTE } from "~/lib/early-forms-markup";
import { firstPaintTime, loadLeadSchema, newsletterAccepted, newSubmission, postLead, watchFormStart, type Submission } from "~/lib/lead-post";
import { fields, newsletterFields } from "../../../contract/fields";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "newsletter-signup": ElementProps;
    }
  }
}

// The footer's sign-up from the page's script on (newsletter-form.tsx renders
// the form): the head script's early answers (app/head/early-forms.ts) give way
// to the spec's words and four states, in place, and a press it held is sent.
// No framework: the page's script defines this element as soon as it has run,
// without waiting for the form to be seen or for React.
// idle → loading → success (the address cleared) or error; success and error
// go back to idle after STATUS_MESSAGE_MS (3 s), counted from the last one set.
// An empty or malformed address is an error at once, with no request; a press
// while one is being sent sends nothing more.

type Status = "idle" | "loading" | "success" | "error";

/** The words the markup carries, so this code holds none. */
const wordsOf = (element: HTMLElement, name: string) => element.dataset[name] ?? "";

export function newsletterSignup(element: HTMLElement) {
  const form = element.querySelector("form");
  const input = form?.querySelector<HTMLInputElement>(`input[name="${newsletterFields.email.wire}"]`);
  const honeypot = form?.querySelector<HTMLInputElement>(`input[name="${fields.honeypot}"]`);
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form?.querySelector<HTMLElement>('[role="status"]');
  if (!form || !input || !button || !status) return;
  const messages: Record<Status, string> = { idle: "", loading: "", success: wordsOf(status, "success"), error: wordsOf(status, "error") };
  // The form was shown at the first paint, not when this code ran: a press soon after is a person's, not a bot's.
  let submission: Submission = newSubmission(firstPaintTime());
  let reset: number | undefined;
  let sending = false;

  const show = (next: Status, invalid = false) => {
    window.clearTimeout(reset);
    status.dataset.status = next;
    status.textContent = messages[next];
    const loading = next === "loading";
    form.setAttribute("aria-busy", String(loading));
    button.textContent = wordsOf(button, loading ? "busyLabel" : "label");
    if (loading) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
    const showInvalid = invalid && next === "error";
    if (showInvalid) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", status.id);
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
    if (next === "success" || next === "error") reset = window.setTimeout(() => show("idle"), STATUS_MESSAGE_MS);
  };

  const refuse = () => {
    show("error", true);
    input!.focus();
  };

  async function send() {
    // The browser's own check of the rules the input carries answers an empty or malformed address at once;
    // a valid one shows it is being sent at once, while the schema, fetched on demand, has the last word.
    if (!input!.validity.valid) return refuse();
    show("loading");
    const parsed = (await loadLeadSchema()).parseLead({ [newsletterFields.email.wire]: input!.value });
    if (!parsed.ok || parsed.kind !== "newsletter") return refuse();
    const answer = await postLead({ [newsletterFields.email.wire]: parsed.lead.email }, { submission, form, honeypot: honeypot?.value ?? "" });
    if (newsletterAccepted(answer)) {
      input!.value = "";
      submission = newSubmission();
      show("success");
    } else {
      show("error");
    }
  }

  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (sending) return;
    sending = true;
    void send().finally(() => {
      sending = false;
    });
  };
  const prefetchSchema = () => void loadLeadSchema();

  // From here on this code checks the address, with the spec's words. What the head script showed before
  // (app/head/early-forms.ts) is this code's now: its error goes back to idle in time, its held press is sent.
  form.noValidate = true;
  if (status.dataset.status === "error") show("error", input.getAttribute("aria-invalid") === "true");
  if (form.hasAttribute(HELD_ATTRIBUTE)) {
    form.removeAttribute(HELD_ATTRIBUTE);
    sending = true;
    void send().finally(() => {
      sending = false;
    });
  }
  const stopWatching = watchFormStart(form);
  form.addEventListener("submit", onSubmit);
  input.addEventListener("focus", prefetchSchema);
  return () => {
    window.clearTimeout(reset);
    stopWatching();
    form.removeEventListener("submit", onSubmit);
    input.removeEventListener("focus", prefetchSchema);
  };
}

export default newsletterSignup satisfies Behaviour;
