// What the early events head script (app/head/early-events.ts) and the page's
// markup and code agree on: the attributes it reads, where it writes a field's
// message, and the state it hands over. No code of the script itself, so the
// always-shipped sections that opt in (carousels, the scroll button) import
// these few names without the replay (early-events.ts) or the script.

/** How long a held form submission waits for the form's code before it is posted natively. */
export const RELEASE_AFTER_MS = 15_000;

/** Put on a control, or on a form or widget, whose code loads after the first paint. */
export const REPLAY_ATTRIBUTE = "data-replay";

/**
 * Spread on the element: its presses (clicks, and the keys named, e.g. "ArrowRight") are held
 * from the first paint until it calls replayEarlyEvents() (early-events.ts).
 */
export const holdsEarlyPresses = (keys: readonly string[] = []) => ({ [REPLAY_ATTRIBUTE]: keys.join(" ") });

/** On a form: the status line's text when a submission is refused. */
export const FORM_ERROR_ATTRIBUTE = "data-form-error";
/** On a field: its message when it is required and empty. */
export const MISSING_ATTRIBUTE = "data-error-missing";
/** On a field: its message when it does not match its type or pattern. */
export const FORMAT_ATTRIBUTE = "data-error-format";
/** On a form's submit button: what it reads while the submission is being sent. */
export const BUSY_LABEL_ATTRIBUTE = "data-busy-label";
/** On a form's status line: idle, loading, success or error (its colour follows it). */
export const STATUS_ATTRIBUTE = "data-status";

/** Where a field's message is written: the element with this id, rendered (empty) beside the field. */
export const errorSlotId = (controlId: string) => `${controlId}-error`;

/** A field's messages as attributes the head script reads; the texts come from the field table. */
export function earlyMessages(messages: { missing?: string; format?: string }): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (messages.missing) attributes[MISSING_ATTRIBUTE] = messages.missing;
  if (messages.format) attributes[FORMAT_ATTRIBUTE] = messages.format;
  return attributes;
}

/** What a form showed before its code arrived: the code starts from it, so hydration changes nothing on screen. */
export interface EarlyAnswer {
  status: "error" | "loading";
  /** A message per invalid field, by the field's id ("" where the field has no message slot of its own). */
  errors: Record<string, string>;
}

/** What the inline script shares with the bundle: presses held so far, the controls ready for theirs, the forms' early answers. */
export interface EarlyEvents {
  /** [the opted-in element, the event's target, a form's submitter, a held key's name]. */
  held: [Element, EventTarget | null, HTMLElement | null, string?][];
  ready: WeakSet<Element>;
  /** By form id. */
  answers: Record<string, EarlyAnswer>;
}

declare global {
  interface Window {
    __earlyEvents?: EarlyEvents;
  }
}
