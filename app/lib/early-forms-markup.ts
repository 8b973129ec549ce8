// What the forms' head script (app/head/early-forms.ts) and the two forms'
// markup (components/forms/newsletter-form.tsx, contact-form.tsx) agree on.
// No code of the script itself, so the markup imports these names without it.
import { STATUS_MESSAGE_MS } from "~/data/constants";

/** On a form the head script answers until its own code has taken it over (set `noValidate`). */
export const EARLY_FORM_ATTRIBUTE = "data-early-form";
/**
 * Set by the head script on a valid submission it holds for the form's code (its sending state shown);
 * the code removes it and sends. Past RELEASE_AFTER_MS without its code, the browser posts it natively.
 */
export const HELD_ATTRIBUTE = "data-held";
export const RELEASE_AFTER_MS = 15_000;
/**
 * Set by the head script before the form's code arrives: when a field was first focused or typed
 * in, and when a held press was made (performance.now(), whole ms). The code times the fill by
 * them, so a form filled and sent by a machine before the code came is still seen as one.
 */
export const FILL_START_ATTRIBUTE = "data-fill-start";
export const PRESSED_AT_ATTRIBUTE = "data-pressed-at";
/** On a field: its message when empty, and when malformed (the field table's words). */
export const MISSING_ATTRIBUTE = "data-error-missing";
export const FORMAT_ATTRIBUTE = "data-error-format";
/** On the form's status line: the form's error text, and that it goes back to idle after STATUS_MESSAGE_MS. */
export const STATUS_ERROR_ATTRIBUTE = "data-error";
export const STATUS_TIMED_ATTRIBUTE = "data-timed";
export { STATUS_MESSAGE_MS };

/** A field's message slot, where the form has one beside it. */
export const errorSlotId = (fieldId: string) => `${fieldId}-error`;
