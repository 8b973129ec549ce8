// The forms from the first paint, before their own code has arrived (docs/adr/0024):
// inline in <head> like the notices' script. A press on a form marked
// EARLY_FORM_ATTRIBUTE whose code has not taken it over (which sets noValidate)
// is answered here with the spec's words the markup carries: an empty or
// malformed field cancels the browser's own bubble and shows the form's error,
// each field's message in its slot, focus on the first; a valid submission shows
// its sending state and is held for the form's code, which sends it in place. A
// browser without JavaScript never runs this: its form posts natively.
import {
  EARLY_FORM_ATTRIBUTE,
  errorSlotId,
  FILL_START_ATTRIBUTE,
  FORMAT_ATTRIBUTE,
  HELD_ATTRIBUTE,
  MISSING_ATTRIBUTE,
  PRESSED_AT_ATTRIBUTE,
  RELEASE_AFTER_MS,
  STATUS_ERROR_ATTRIBUTE,
  STATUS_MESSAGE_MS,
  STATUS_TIMED_ATTRIBUTE,
} from "../lib/early-forms-markup";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The form this script answers for: marked, and its code not there yet. */
const earlyForm = (target: EventTarget | null): HTMLFormElement | null => {
  const form = target instanceof HTMLFormElement ? target : target instanceof Element ? (target as Field).form : null;
  return form instanceof HTMLFormElement && form.hasAttribute(EARLY_FORM_ATTRIBUTE) && !form.noValidate ? form : null;
};
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
const now = () => String(Math.round(performance.now()));
const statusOf = (form: HTMLFormElement) => form.querySelector<HTMLElement>('[role="status"]');

/** The form whose press the browser is checking now: its invalid fields arrive one event each, in order. */
let checking: HTMLFormElement | null = null;

/** The form's error on its status line, back to idle after STATUS_MESSAGE_MS where the form's status does. */
function showError(form: HTMLFormElement) {
  const status = statusOf(form);
  if (!status) return;
  status.dataset.status = "error";
  status.textContent = status.getAttribute(STATUS_ERROR_ATTRIBUTE);
  if (!status.hasAttribute(STATUS_TIMED_ATTRIBUTE)) return;
  setTimeout(() => {
    if (form.noValidate) return;
    status.dataset.status = "idle";
    status.textContent = "";
    for (const field of form.querySelectorAll<Field>(`[aria-describedby="${status.id}"]`)) clear(field);
  }, STATUS_MESSAGE_MS);
}

/** The field marked invalid and described by its message: in its slot where it has one, else the status line. */
function mark(form: HTMLFormElement, field: Field) {
  const slot = document.getElementById(errorSlotId(field.id));
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", (slot ?? statusOf(form))?.id ?? "");
  if (slot) slot.textContent = (!field.validity.valueMissing && field.getAttribute(FORMAT_ATTRIBUTE)) || field.getAttribute(MISSING_ATTRIBUTE);
}

function clear(field: Field) {
  const slot = document.getElementById(errorSlotId(field.id));
  if (slot) slot.textContent = "";
  field.removeAttribute("aria-invalid");
  field.removeAttribute("aria-describedby");
}

// `invalid` does not bubble: caught on its way down. Cancelling it keeps the browser's bubble away.
addEventListener(
  "invalid",
  (event) => {
    const form = earlyForm(event.target);
    if (!form) return;
    event.preventDefault();
    const field = event.target as Field;
    // The first invalid field of this press: the form's error, and focus there.
    if (checking !== form) {
      checking = form;
      setTimeout(() => {
        checking = null;
      });
      showError(form);
      field.focus();
    }
    mark(form, field);
  },
  true,
);

// The fill starts at the first focus or input in a field (autofill inputs without focus), never at
// the Send button: the form's code times the fill from here.
const noteFillStart = (event: Event) => {
  const form = earlyForm(event.target);
  if (form && isField(event.target) && !form.hasAttribute(FILL_START_ATTRIBUTE)) form.setAttribute(FILL_START_ATTRIBUTE, now());
};
addEventListener("focusin", noteFillStart, true);

addEventListener(
  "input",
  (event) => {
    noteFillStart(event);
    // Editing a field clears its message, as the form's code does.
    const field = event.target as Field;
    if (earlyForm(field) && field.getAttribute("aria-invalid") === "true" && document.getElementById(errorSlotId(field.id))) clear(field);
  },
  true,
);

addEventListener(
  "submit",
  (event) => {
    const form = earlyForm(event.target);
    if (!form) return;
    event.preventDefault();
    if (form.hasAttribute(HELD_ATTRIBUTE)) return;
    form.setAttribute(HELD_ATTRIBUTE, "");
    form.setAttribute(PRESSED_AT_ATTRIBUTE, now());
    form.setAttribute("aria-busy", "true");
    const status = statusOf(form);
    if (status) {
      status.dataset.status = "loading";
      status.textContent = "";
    }
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button?.dataset.busyLabel) {
      button.textContent = button.dataset.busyLabel;
      button.setAttribute("aria-disabled", "true");
    }
    // Its code never came (a failed download, a script error): the browser's own post, so nothing is lost.
    setTimeout(() => {
      if (!form.hasAttribute(HELD_ATTRIBUTE)) return;
      form.removeAttribute(HELD_ATTRIBUTE);
      form.submit();
    }, RELEASE_AFTER_MS);
  },
  true,
);
