import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { ContactFormCopy } from "~/data/contact";
import { EARLY_FORM_ATTRIBUTE, errorSlotId, FORMAT_ATTRIBUTE, HELD_ATTRIBUTE, MISSING_ATTRIBUTE, STATUS_ERROR_ATTRIBUTE } from "~/lib/early-forms-markup";
import { API_BASE, enquiryAccepted, loadLeadSchema, postLead, useOneSubmissionAtATime, useProofOfWork, useSubmission } from "~/lib/lead-client";
import type { FormStatus } from "~/lib/use-timed-status";
import {
  CONTACT_ENDPOINT,
  EMAIL_PATTERN,
  emptyValues,
  enquiryFields,
  fieldEntries,
  fieldMessages,
  fields,
  toWire,
  type FieldSpec,
  type FieldTable,
  type FieldValues,
} from "../../../contract/fields";
import { BusyButton } from "../ui/busy-button";
import { Honeypot } from "./honeypot";
import { MultiSelect } from "./multi-select";

/** Every field of the table by its key. The consent box is kept apart: required, never sent. */
type EnquiryValues = FieldValues<FieldTable>;
/** By field key, and `consent`. */
type FieldErrors = Partial<Record<string, string>>;
const CONSENT = "consent";

/**
 * The values in the form's fields as the browser holds them. The form is an
 * island that hydrates after the page's first paint, so a visitor may have typed,
 * picked and ticked before React took over; that is in the DOM, not yet in state.
 */
function valuesIn(table: FieldTable, form: HTMLFormElement): EnquiryValues {
  const data = new FormData(form);
  return Object.fromEntries(
    fieldEntries(table).map(([key, spec]) => [key, spec.kind === "choices" ? data.getAll(spec.wire).map(String) : String(data.get(spec.wire) ?? "")]),
  );
}

/** Checks the values with the same schema the server uses (loaded on demand), plus the consent the form requires (`consentError` when it is missing). */
export async function validateEnquiry(values: EnquiryValues, consent: boolean, consentError: string, table: FieldTable = enquiryFields): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const parsed = (await loadLeadSchema()).parseForm(table, toWire(table, values));
  if (!parsed.ok) {
    // The schema names fields by wire name; the form places each message beside its input.
    for (const [key, spec] of fieldEntries(table)) {
      const message = parsed.errors[spec.wire];
      if (message) errors[key] ??= message;
    }
  }
  if (!consent) errors[CONSENT] = consentError;
  return errors;
}

/**
 * What the browser's own check of the rules the controls carry (required, type, pattern: the field
 * table's) finds, with the table's messages: an empty or malformed field is answered without the schema's download.
 */
function constraintErrors(table: FieldTable, form: HTMLFormElement, controlId: (key: string) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, spec] of fieldEntries(table)) {
    const control = form.querySelector<HTMLInputElement>(`[id="${controlId(key)}"]`);
    if (!control?.willValidate || control.validity.valid) continue;
    const messages = fieldMessages(spec);
    errors[key] = control.validity.valueMissing ? messages.missing : (messages.format ?? messages.missing);
  }
  return errors;
}

/** A field's messages in its markup, for the head script that answers a press before this code (app/head/early-forms.ts). */
function earlyMessages(spec: FieldSpec): { "data-error-missing": string; "data-error-format"?: string } {
  const { missing, format } = fieldMessages(spec);
  return { [MISSING_ATTRIBUTE]: missing, ...(format && { [FORMAT_ATTRIBUTE]: format }) } as { "data-error-missing": string; "data-error-format"?: string };
}

/**
 * What the head script showed before this code ran (read from the DOM once, in the browser), so the
 * first render is what the page shows: hydration then finds no difference, and nothing flashes back.
 */
function earlyAnswer(table: FieldTable, form: HTMLFormElement | null, controlId: (key: string) => string) {
  const errors: FieldErrors = {};
  if (!form) return { errors, status: "idle" as FormStatus };
  for (const key of [...fieldEntries(table).map(([name]) => name), CONSENT]) {
    const text = document.getElementById(errorSlotId(controlId(key)))?.textContent;
    if (text) errors[key] = text;
  }
  const shown = form.querySelector<HTMLElement>('[role="status"]')?.dataset.status;
  const status: FormStatus = form.hasAttribute(HELD_ATTRIBUTE) ? "loading" : shown === "error" ? "error" : "idle";
  return { errors, status };
}
const inputClass =
  "mt-2 block w-full rounded-lg border-0 bg-white px-4 py-2.5 text-ink ring-1 ring-line hover:ring-brand-600 aria-invalid:ring-2 aria-invalid:ring-danger";

function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-danger">
      {" *"}
    </span>
  );
}

/** Always rendered, empty (and hidden) until there is a message. */
function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger empty:hidden">
      {message}
    </p>
  );
}

interface FormFieldProps {
  spec: FieldSpec;
  label: ReactNode;
  /** id, name and the aria wiring of its error, shared by every kind of control. */
  control: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string; "data-error-missing": string; "data-error-format"?: string };
  value: string | readonly string[];
  onChange: (value: string | string[]) => void;
  error: ReactNode;
  multiSelectCopy: ContactFormCopy["multiSelect"];
}

/** One field of the table as its control: a text input, a textarea, a select, or a multi-select of checkboxes. */
function FormField({ spec, label, control, value, onChange, error, multiSelectCopy }: FormFieldProps) {
  // The browser's constraints, from the table: it checks them itself until this code has run.
  const required = spec.required ? ({ required: true, "aria-required": "true" } as const) : {};
  const text = typeof value === "string" ? value : "";
  switch (spec.kind) {
    case "choices":
      return (
        <div>
          <MultiSelect label={spec.label} name={spec.wire} options={spec.options} value={typeof value === "string" ? [] : value} onChange={onChange} copy={multiSelectCopy} />
          {error}
        </div>
      );
    case "choice":
      return (
        <div>
          {label}
          <select {...control} {...required} value={text} onChange={(event) => onChange(event.target.value)} className={inputClass}>
            <option value="">{spec.placeholder}</option>
            {spec.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {error}
        </div>
      );
    case "longText":
      return (
        <div className="sm:col-span-2">
          {label}
          <textarea {...control} {...required} rows={spec.rows} maxLength={spec.max} value={text} onChange={(event) => onChange(event.target.value)} className={inputClass} />
          {error}
        </div>
      );
    case "text":
      return (
        <div>
          {label}
          <input
            {...control}
            {...required}
            type={spec.input}
            pattern={spec.input === "email" ? EMAIL_PATTERN : undefined}
            autoComplete={spec.autocomplete}
            maxLength={spec.max}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            className={inputClass}
          />
          {error}
        </div>
      );
  }
}

/**
 * The enquiry form (spec sections 3, 4, 5, 7, 8). Missing or invalid fields show
 * the error state and their own messages, focus the first of them and send
 * nothing; an accepted answer shows the promise and resets the form.
 */
export function ContactForm({ copy, table = enquiryFields }: { copy: ContactFormCopy; table?: FieldTable }) {
  const messages = { idle: "", loading: "", success: copy.success, error: copy.error } as const;
  const id = useId();
  const formId = `${id}-form`;
  const fieldId = (key: string) => `${id}-${key}`;
  const [values, setValues] = useState<EnquiryValues>(() => emptyValues(table));
  const [consent, setConsent] = useState(false);
  const [early] = useState(() => earlyAnswer(table, typeof document === "undefined" ? null : document.getElementById(formId) as HTMLFormElement | null, fieldId));
  const [errors, setErrors] = useState<FieldErrors>(early.errors);
  const [status, setStatus] = useState<FormStatus>(early.status);
  /** A submission the head script held before this code: sent once the state holds what was entered. */
  const [heldSend, setHeldSend] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  /** Bumped on each failed check, so focus moves to the first invalid field once it is marked. */
  const [focusRequest, setFocusRequest] = useState(0);
  const submission = useSubmission();
  const formRef = useRef<HTMLFormElement>(null);
  useProofOfWork(formRef);
  const loading = status === "loading";

  const errorId = (key: string) => `${fieldId(key)}-error`;
  const clearError = (key: string) => setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  const set = (key: string, value: EnquiryValues[string]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(key);
  };
  /** aria wiring shared by every validated control. */
  const invalidProps = (key: string) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": errorId(key) } : {};

  // The first focus anywhere in the form fetches the schema, so it is there by the time of submitting.
  useEffect(() => {
    const form = formRef.current;
    const preload = () => void loadLeadSchema();
    form?.addEventListener("focusin", preload, { once: true });
    return () => form?.removeEventListener("focusin", preload);
  }, []);

  // Until this code runs the head script answers a press (app/head/early-forms.ts), and with scripts off
  // the browser checks the fields and posts natively; from here on this form does, starting from whatever
  // was entered before then (the honeypot included: bots fill it early too), and sends a press held meanwhile.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.noValidate = true;
    setValues(valuesIn(table, form));
    setConsent(form.querySelector<HTMLInputElement>(`[id="${fieldId(CONSENT)}"]`)?.checked ?? false);
    const trap = form.elements.namedItem(fields.honeypot);
    if (trap instanceof HTMLInputElement && trap.value !== "") setHoneypot(trap.value);
    if (form.hasAttribute(HELD_ATTRIBUTE)) {
      form.removeAttribute(HELD_ATTRIBUTE);
      setHeldSend(true);
    }
    // Runs once, on mount: fieldId is stable for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  const onSubmit = useOneSubmissionAtATime(send);

  // Runs in the render after the mount effect's state: `send` reads the values typed before this code.
  useEffect(() => {
    if (!heldSend) return;
    setHeldSend(false);
    void onSubmit();
    // Only when a held submission is handed over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [heldSend]);

  async function send() {
    // An empty or malformed field is answered at once; only a form that passes is checked by the schema, fetched on demand.
    const quick = formRef.current ? constraintErrors(table, formRef.current, fieldId) : {};
    if (!consent) quick[CONSENT] = copy.consentError;
    const found = Object.values(quick).some(Boolean) ? quick : await validateEnquiry(values, consent, copy.consentError, table);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      setStatus("error");
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    setStatus("loading");
    const answer = await postLead(toWire(table, values), { submission: submission.current(), form: formRef.current, honeypot });
    if (enquiryAccepted(answer)) {
      setValues(emptyValues(table));
      setConsent(false);
      setHoneypot("");
      submission.renew();
      setStatus("success");
    } else {
      setStatus("error");
    }
  }

  const label = (key: string, text: string, required = false): ReactNode => (
    <label htmlFor={fieldId(key)} className="block text-sm font-semibold text-brand-900">
      {text}
      {required && <RequiredMark />}
    </label>
  );

  return (
    // With scripts off it is a plain multipart post to the API, checked by the browser first, so the
    // enquiry is still sent (after the "one more step" page) and the visitor taken to the "received" page.
    <form
      ref={formRef}
      id={formId}
      method="post"
      action={`${API_BASE}${CONTACT_ENDPOINT}`}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      aria-busy={loading}
      {...{ [EARLY_FORM_ATTRIBUTE]: "" }}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line sm:p-8"
    >
      <p className="text-sm text-muted">{copy.requiredNote}</p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {fieldEntries(table).map(([key, spec]) => (
          <FormField
            key={key}
            spec={spec}
            label={label(key, spec.label, spec.required)}
            control={{ id: fieldId(key), name: spec.wire, ...invalidProps(key), ...earlyMessages(spec) }}
            value={values[key] ?? ""}
            onChange={(value) => set(key, value)}
            error={<FieldError id={errorId(key)} message={errors[key]} />}
            multiSelectCopy={copy.multiSelect}
          />
        ))}
        <div className="sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              id={fieldId(CONSENT)}
              type="checkbox"
              required
              aria-required="true"
              {...{ [MISSING_ATTRIBUTE]: copy.consentError }}
              checked={consent}
              onChange={(event) => {
                setConsent(event.target.checked);
                clearError(CONSENT);
              }}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              {...invalidProps(CONSENT)}
            />
            <label htmlFor={fieldId(CONSENT)} className="text-ink">
              {copy.consent}
              <RequiredMark />
            </label>
          </div>
          <FieldError id={errorId(CONSENT)} message={errors[CONSENT]} />
          <p className="mt-2 pl-8 text-sm">
            <a href={copy.privacyLink.href} className="font-medium text-brand-700 underline hover:text-brand-600">
              {copy.privacyLink.label}
            </a>
          </p>
        </div>
      </div>
      <Honeypot value={honeypot} onChange={setHoneypot} label={copy.honeypotLabel} />
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <BusyButton busy={loading} label={copy.submit} busyLabel={copy.submitting} />
        {/* In the DOM from the start, so screen readers announce each new message. */}
        <p id={`${id}-status`} role="status" data-status={status} {...{ [STATUS_ERROR_ATTRIBUTE]: copy.error }} className="font-medium text-success data-[status=error]:text-danger">
          {messages[status]}
        </p>
      </div>
    </form>
  );
}
