import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { contactForm as copy } from "~/content/contact";
import { API_BASE, enquiryAccepted, loadLeadSchema, postLead, useSubmission } from "~/lib/lead-client";
import type { FormStatus } from "~/lib/use-timed-status";
import { CONTACT_ENDPOINT, fields, limits, needOptions, roleOptions, sectorOptions, type Need, type Role, type Sector } from "../../../contract/fields";
import { BusyButton } from "../ui/busy-button";
import { Honeypot } from "./honeypot";
import { MultiSelect } from "./multi-select";

interface EnquiryValues {
  name: string;
  email: string;
  phone: string;
  role: Role | "";
  sectors: Sector[];
  needs: Need[];
  message: string;
  consent: boolean;
}
type FieldKey = keyof EnquiryValues;
type FieldErrors = Partial<Record<FieldKey, string>>;

const initialValues: EnquiryValues = { name: "", email: "", phone: "", role: "", sectors: [], needs: [], message: "", consent: false };

/** The body on the wire: the contract's field names, lists comma-joined, consent not sent. */
function toBody(values: EnquiryValues): Record<string, string> {
  return {
    [fields.name]: values.name,
    [fields.email]: values.email,
    [fields.phone]: values.phone,
    [fields.role]: values.role,
    [fields.sectors]: values.sectors.join(","),
    [fields.needs]: values.needs.join(","),
    [fields.message]: values.message,
  };
}

/**
 * The values in the form's fields as the browser holds them. The page hydrates
 * just after the rest (hydratedLater), so a visitor may have typed, picked and
 * ticked before React took over; that is in the DOM, not yet in state.
 */
function valuesIn(form: HTMLFormElement, consent: HTMLInputElement | null): EnquiryValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    name: text(fields.name),
    email: text(fields.email),
    phone: text(fields.phone),
    role: text(fields.role) as Role | "",
    sectors: data.getAll(fields.sectors).map(String) as Sector[],
    needs: data.getAll(fields.needs).map(String) as Need[],
    message: text(fields.message),
    consent: consent?.checked ?? false,
  };
}

/** Wire name → form field, to place the contract schema's messages beside their inputs. */
const fieldByWireName = Object.fromEntries(Object.entries(fields).map(([key, wire]) => [wire, key])) as Record<string, FieldKey>;

/** Checks the values with the same schema the server uses (loaded on demand), plus the consent the form requires. */
export async function validateEnquiry(values: EnquiryValues): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const parsed = (await loadLeadSchema()).parseLead(toBody(values));
  if (!parsed.ok) {
    for (const [wire, message] of Object.entries(parsed.errors)) {
      const key = fieldByWireName[wire];
      if (key) errors[key] ??= message;
    }
  }
  if (!values.consent) errors.consent = copy.consentError;
  return errors;
}

const messages = { idle: "", loading: "", success: copy.success, error: copy.error } as const;
const inputClass =
  "mt-2 block w-full rounded-lg border-0 bg-white px-4 py-2.5 text-ink ring-1 ring-line hover:ring-brand-600 aria-invalid:ring-2 aria-invalid:ring-danger";

function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-danger">
      {" *"}
    </span>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger">
      {message}
    </p>
  );
}

/**
 * The enquiry form (spec sections 3, 4, 5, 7, 8). Missing or invalid fields show
 * the error state and their own messages, focus the first of them and send
 * nothing; an accepted answer shows the promise and resets the form.
 */
export function ContactForm() {
  const [values, setValues] = useState<EnquiryValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatus>("idle");
  const [honeypot, setHoneypot] = useState("");
  /** Bumped on each failed check, so focus moves to the first invalid field once it is marked. */
  const [focusRequest, setFocusRequest] = useState(0);
  const submission = useSubmission();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const loading = status === "loading";

  const fieldId = (key: FieldKey) => `${id}-${key}`;
  const errorId = (key: FieldKey) => `${id}-${key}-error`;
  const set = <K extends FieldKey>(key: K, value: EnquiryValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };
  /** aria wiring shared by every validated control. */
  const invalidProps = (key: FieldKey) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": errorId(key) } : {};

  // The first focus anywhere in the form fetches the schema, so it is there by the time of submitting.
  useEffect(() => {
    const form = formRef.current;
    const preload = () => void loadLeadSchema();
    form?.addEventListener("focusin", preload, { once: true });
    return () => form?.removeEventListener("focusin", preload);
  }, []);

  // Until the form has hydrated the browser checks the required fields itself; from here on, this form
  // does, starting from whatever was entered before then (the honeypot included: bots fill it early too).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.noValidate = true;
    setValues(valuesIn(form, form.querySelector<HTMLInputElement>(`[id="${fieldId("consent")}"]`)));
    const trap = form.elements.namedItem(fields.honeypot);
    if (trap instanceof HTMLInputElement && trap.value !== "") setHoneypot(trap.value);
    // Runs once, on mount: fieldId is stable for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusRequest]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = await validateEnquiry(values);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      setStatus("error");
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    setStatus("loading");
    const answer = await postLead(toBody(values), { submission: submission.current(), honeypot });
    if (enquiryAccepted(answer)) {
      setValues(initialValues);
      setHoneypot("");
      submission.renew();
      setStatus("success");
    } else {
      setStatus("error");
    }
  }

  const label = (key: FieldKey, text: string, required = false): ReactNode => (
    <label htmlFor={fieldId(key)} className="block text-sm font-semibold text-brand-900">
      {text}
      {required && <RequiredMark />}
    </label>
  );

  return (
    // The page hydrates just after the rest (hydratedLater): a press before then is a plain
    // multipart post to the API, checked by the browser first, so the enquiry is still stored.
    <form
      ref={formRef}
      method="post"
      action={`${API_BASE}${CONTACT_ENDPOINT}`}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      aria-busy={loading}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line sm:p-8"
    >
      <p className="text-sm text-muted">{copy.requiredNote}</p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          {label("name", copy.labels.name, true)}
          <input
            id={fieldId("name")}
            name={fields.name}
            type="text"
            autoComplete="name"
            required
            aria-required="true"
            maxLength={limits.name}
            value={values.name}
            onChange={(event) => set("name", event.target.value)}
            className={inputClass}
            {...invalidProps("name")}
          />
          <FieldError id={errorId("name")} message={errors.name} />
        </div>
        <div>
          {label("email", copy.labels.email, true)}
          <input
            id={fieldId("email")}
            name={fields.email}
            type="email"
            autoComplete="email"
            required
            aria-required="true"
            maxLength={limits.email}
            value={values.email}
            onChange={(event) => set("email", event.target.value)}
            className={inputClass}
            {...invalidProps("email")}
          />
          <FieldError id={errorId("email")} message={errors.email} />
        </div>
        <div>
          {label("phone", copy.labels.phone)}
          <input
            id={fieldId("phone")}
            name={fields.phone}
            type="tel"
            autoComplete="tel"
            maxLength={limits.phone}
            value={values.phone}
            onChange={(event) => set("phone", event.target.value)}
            className={inputClass}
            {...invalidProps("phone")}
          />
          <FieldError id={errorId("phone")} message={errors.phone} />
        </div>
        <div>
          {label("role", copy.labels.role, true)}
          <select
            id={fieldId("role")}
            name={fields.role}
            required
            aria-required="true"
            value={values.role}
            onChange={(event) => set("role", event.target.value as Role | "")}
            className={inputClass}
            {...invalidProps("role")}
          >
            <option value="">{copy.rolePlaceholder}</option>
            {roleOptions.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          <FieldError id={errorId("role")} message={errors.role} />
        </div>
        <MultiSelect
          label={copy.labels.sectors}
          name={fields.sectors}
          options={sectorOptions}
          value={values.sectors}
          onChange={(sectors) => set("sectors", sectors)}
        />
        <MultiSelect
          label={copy.labels.needs}
          name={fields.needs}
          options={needOptions}
          value={values.needs}
          onChange={(needs) => set("needs", needs)}
        />
        <div className="sm:col-span-2">
          {label("message", copy.labels.message)}
          <textarea
            id={fieldId("message")}
            name={fields.message}
            rows={5}
            maxLength={limits.message}
            value={values.message}
            onChange={(event) => set("message", event.target.value)}
            className={inputClass}
            {...invalidProps("message")}
          />
          <FieldError id={errorId("message")} message={errors.message} />
        </div>
        <div className="sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              id={fieldId("consent")}
              type="checkbox"
              required
              aria-required="true"
              checked={values.consent}
              onChange={(event) => set("consent", event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              {...invalidProps("consent")}
            />
            <label htmlFor={fieldId("consent")} className="text-ink">
              {copy.consent}
              <RequiredMark />
            </label>
          </div>
          <FieldError id={errorId("consent")} message={errors.consent} />
          <p className="mt-2 pl-8 text-sm">
            <Link to={copy.privacyLink.href} className="font-medium text-brand-700 underline hover:text-brand-600">
              {copy.privacyLink.label}
            </Link>
          </p>
        </div>
      </div>
      <Honeypot value={honeypot} onChange={setHoneypot} label={copy.honeypotLabel} />
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <BusyButton busy={loading} label={copy.submit} busyLabel={copy.submitting} />
        {/* In the DOM from the start, so screen readers announce each new message. */}
        <p role="status" className={`font-medium ${status === "error" ? "text-danger" : "text-success"}`}>
          {messages[status]}
        </p>
      </div>
    </form>
  );
}
