import { useEffect, useId, useRef, useState } from "react";
import { newsletterCopy as copy, newsletterFormAnchor } from "~/data/newsletter";
import { API_BASE, loadLeadSchema, newsletterAccepted, postLead, useOneSubmissionAtATime, useProofOfWork, useSubmission } from "~/lib/lead-client";
import { useTimedStatus } from "~/lib/use-timed-status";
import { CONTACT_ENDPOINT, EMAIL_PATTERN, newsletterFields } from "../../../contract/fields";
import { BusyButton } from "../ui/busy-button";
import { Honeypot } from "./honeypot";

const messages = { idle: "", loading: "", success: copy.success, error: copy.error } as const;
/** The form's one field, as its table describes it. */
const email = newsletterFields.email;

/**
 * The footer's newsletter sign-up (spec sections 4, 5, 8): idle → loading →
 * success or error, each message returning to idle after 3 s. Validated with the
 * contract's schema, so an empty or malformed address never leaves the page.
 */
export function NewsletterForm() {
  const [status, setStatus] = useTimedStatus();
  const [honeypot, setHoneypot] = useState("");
  const [invalid, setInvalid] = useState(false);
  const submission = useSubmission();
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useProofOfWork(formRef);
  /** Set from the press to the answer: a second press meanwhile (a double tap) sends nothing. */
  const id = useId();
  const loading = status === "loading";
  const showInvalid = invalid && status === "error";

  // Until this code runs the browser checks the address itself (required, type, pattern) and posts the
  // form natively; from here on this form does, with the spec's words, and sends it in place.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const onSubmit = useOneSubmissionAtATime(send);

  async function send() {
    const typed = inputRef.current?.value ?? "";
    // The browser's own check of the rules the input carries (required, type, pattern) answers an empty or
    // malformed address at once; the schema, fetched on demand, has the last word.
    const obviouslyInvalid = inputRef.current ? !inputRef.current.validity.valid : false;
    const parsed = obviouslyInvalid ? undefined : (await loadLeadSchema()).parseLead({ [email.wire]: typed });
    if (!parsed?.ok || parsed.kind !== "newsletter") {
      setInvalid(true);
      setStatus("error");
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    setStatus("loading");
    const answer = await postLead({ [email.wire]: parsed.lead.email }, { submission: submission.current(), form: formRef.current, honeypot });
    if (newsletterAccepted(answer)) {
      if (inputRef.current) inputRef.current.value = "";
      submission.renew();
      setStatus("success");
    } else {
      setStatus("error");
    }
  }

  return (
    // Until the form (an island) has hydrated, and with scripts off, it is a plain multipart
    // post to the API, checked by the browser first: the server stores the sign-up and sends the
    // browser to "check your email".
    <form
      ref={formRef}
      id={newsletterFormAnchor}
      method="post"
      action={`${API_BASE}${CONTACT_ENDPOINT}`}
      encType="multipart/form-data"
      aria-labelledby={`${id}-heading`}
      onSubmit={onSubmit}
      aria-busy={loading}
    >
      <h2 id={`${id}-heading`} className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
        {copy.heading}
      </h2>
      <p className="mt-4 text-sm leading-relaxed">{copy.text}</p>
      <label htmlFor={`${id}-email`} className="mt-4 block text-sm font-semibold text-white">
        {email.label}
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={`${id}-email`}
          type={email.input}
          name={email.wire}
          autoComplete={email.autocomplete}
          required={email.required}
          aria-required={email.required}
          maxLength={email.max}
          pattern={EMAIL_PATTERN}
          aria-invalid={showInvalid || undefined}
          aria-describedby={showInvalid ? `${id}-status` : undefined}
          // Uncontrolled, so what a visitor types before the form hydrates is kept.
          defaultValue=""
          onFocus={() => void loadLeadSchema()}
          className="min-w-0 flex-1 basis-48 rounded-full border-0 bg-white px-4 py-2.5 text-ink ring-2 ring-transparent placeholder:text-muted aria-invalid:ring-danger-300"
        />
        <BusyButton busy={loading} label={copy.submit} busyLabel={copy.submitting} />
      </div>
      <Honeypot value={honeypot} onChange={setHoneypot} label={copy.honeypotLabel} />
      {/* In the DOM from the start, so screen readers announce each new message. */}
      <p
        id={`${id}-status`}
        role="status"
        data-status={status}
        className="mt-3 min-h-5 text-sm font-medium text-success-300 data-[status=error]:text-danger-300"
      >
        {messages[status]}
      </p>
    </form>
  );
}
