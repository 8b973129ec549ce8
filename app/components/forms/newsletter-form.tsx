import { useId } from "react";
import { newsletterFormAnchor, type NewsletterFormCopy } from "~/data/newsletter";
import { EARLY_FORM_ATTRIBUTE, STATUS_TIMED_ATTRIBUTE } from "~/lib/early-forms-markup";
import { API_BASE } from "~/lib/lead-post";
import { CONTACT_ENDPOINT, EMAIL_PATTERN, fields, newsletterFields } from "../../../contract/fields";
import { buttonClasses } from "../ui/button-link";

/** The form's one field, as its table describes it. */
const email = newsletterFields.email;

/**
 * The footer's newsletter sign-up (spec sections 4, 5, 8), markup only,
 * rendered at build time on every page. It answers in place with the spec's
 * words and four states (idle → loading → success or error, each message back
 * to idle after 3 s) once `<newsletter-signup>` (newsletter-signup.element.ts)
 * arrives with the page's script; before then the forms' head script
 * (app/head/early-forms.ts) answers with the same words and holds a valid press
 * for it. With scripts off it is a plain multipart post to the API, checked by
 * the browser (required, type, pattern), which the server answers with its
 * "one more step" page.
 */
export function NewsletterForm({ copy }: { copy: NewsletterFormCopy }) {
  const id = useId();
  return (
    <newsletter-signup class="block">
      <form id={newsletterFormAnchor} method="post" action={`${API_BASE}${CONTACT_ENDPOINT}`} encType="multipart/form-data" aria-labelledby={`${id}-heading`} aria-busy="false" {...{ [EARLY_FORM_ATTRIBUTE]: "" }}>
        <h2 id={`${id}-heading`} className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
          {copy.heading}
        </h2>
        <p className="mt-4 text-sm leading-relaxed">{copy.text}</p>
        <label htmlFor={`${id}-email`} className="mt-4 block text-sm font-semibold text-white">
          {email.label}
        </label>
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            id={`${id}-email`}
            type={email.input}
            name={email.wire}
            autoComplete={email.autocomplete}
            required={email.required}
            aria-required={email.required}
            maxLength={email.max}
            pattern={EMAIL_PATTERN}
            className="min-w-0 flex-1 basis-48 rounded-full border-0 bg-white px-4 py-2.5 text-ink ring-2 ring-transparent placeholder:text-muted aria-invalid:ring-danger-300"
          />
          <button
            type="submit"
            data-label={copy.submit}
            data-busy-label={copy.submitting}
            className={buttonClasses("primary", "aria-disabled:cursor-wait aria-disabled:opacity-75")}
          >
            {copy.submit}
          </button>
        </div>
        {/* The hidden anti-spam input: `display: none` keeps it out of the tab order and the accessibility tree. */}
        <div className="hidden" aria-hidden="true">
          <label>
            {copy.honeypotLabel}
            <input type="text" name={fields.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {/* In the DOM from the start, so screen readers announce each new message. */}
        <p
          id={`${id}-status`}
          role="status"
          data-status="idle"
          data-success={copy.success}
          data-error={copy.error}
          {...{ [STATUS_TIMED_ATTRIBUTE]: "" }}
          className="mt-3 min-h-5 text-sm font-medium text-success-300 data-[status=error]:text-danger-300"
        ></p>
      </form>
    </newsletter-signup>
  );
}
