// The early event capture, inline in every page's <head> (root.tsx), bundled to
// one minified string at build (scripts/build/inline-script-plugin.ts). It runs before
// any of the body is parsed, so from the first paint:
// - a press on an element that opts in (REPLAY_ATTRIBUTE) whose code has not
//   called replayEarlyEvents() yet is held (no native post, no page load) and
//   replayed to that code once it is ready (app/lib/early-events.ts);
// - a form's submission is answered at once, as its code will answer it: the
//   browser's own constraint validation (required, type, pattern, all rendered
//   from the field table) decides, the messages are the ones the form's markup
//   carries (from the same table), written where the form renders them. An
//   invalid submission is answered and not held; a valid one shows its sending
//   state and is held, one per form however often it is pressed. The form's
//   code starts from what was shown (`answers`), so hydration changes nothing;
// - a widget's key presses that it names (a carousel's arrows) are held like
//   its clicks and replayed as key presses;
// - a press on <scroll-by>'s button is not held but answered: the script
//   scrolls the window as the element's code would, so it moves at once;
// - a popover's toggle sets aria-expanded on the buttons that open it, so an
//   opened panel reads as open before the code that renders the attribute.
// A held submission is posted natively after RELEASE_AFTER_MS if the form's
// code has not taken it over (a failed download): a lead is never lost.
// early-events.test.ts runs the built string.
import {
  BUSY_LABEL_ATTRIBUTE,
  errorSlotId,
  FORM_ERROR_ATTRIBUTE,
  FORMAT_ATTRIBUTE,
  MISSING_ATTRIBUTE,
  RELEASE_AFTER_MS,
  REPLAY_ATTRIBUTE,
  STATUS_ATTRIBUTE,
  type EarlyAnswer,
  type EarlyEvents,
} from "../lib/early-events-markup";
import { scrollWindowBy } from "../lib/scroll-window";

type Field = HTMLInputElement & { form: HTMLFormElement | null };

const held: EarlyEvents["held"] = [];
const ready = new WeakSet<Element>();
const answers: Record<string, EarlyAnswer> = {};

/** The opted-in element the target belongs to, while its code is not ready. */
function owner(node: EventTarget | null): Element | null {
  const found = node instanceof Element ? node.closest(`[${REPLAY_ATTRIBUTE}]`) : null;
  return found && !ready.has(found) ? found : null;
}

/** Marks a field invalid (message in its slot, else described by the status line) or valid again. */
function mark(field: Element, message: string | null, status: Element | null) {
  const slot = document.getElementById(errorSlotId(field.id));
  if (slot) slot.textContent = message ?? "";
  if (message === null) {
    field.removeAttribute("aria-invalid");
    field.removeAttribute("aria-describedby");
    return;
  }
  field.setAttribute("aria-invalid", "true");
  const by = slot ?? status;
  if (by?.id) field.setAttribute("aria-describedby", by.id);
}

/** Shows the form's answer to a submission; true when it may be sent. */
function answer(form: HTMLFormElement): boolean {
  const state: EarlyAnswer = { status: "loading", errors: {} };
  const status = form.querySelector("[role=status]");
  let first: HTMLElement | undefined;
  for (const field of form.elements as unknown as Field[]) {
    if (!field.willValidate) continue;
    const validity = field.validity;
    let message: string | null = null;
    if (!validity.valid) {
      message = (validity.valueMissing ? field.getAttribute(MISSING_ATTRIBUTE) : field.getAttribute(FORMAT_ATTRIBUTE)) ?? "";
      state.errors[field.id] = message;
      first ??= field;
    }
    mark(field, message, status);
  }
  if (first) state.status = "error";
  answers[form.id] = state;
  status?.setAttribute(STATUS_ATTRIBUTE, state.status);
  if (status) status.textContent = first ? form.getAttribute(FORM_ERROR_ATTRIBUTE) : "";
  if (first) {
    first.focus();
    return false;
  }
  form.setAttribute("aria-busy", "true");
  const button = form.querySelector(`[${BUSY_LABEL_ATTRIBUTE}]`);
  button?.setAttribute("aria-disabled", "true");
  if (button) button.textContent = button.getAttribute(BUSY_LABEL_ATTRIBUTE);
  return true;
}

function hold(event: Event, found: Element, by: HTMLElement | null, key?: string) {
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!(found instanceof HTMLFormElement)) {
    held.push([found, event.target, null, key]);
    return;
  }
  // One submission per form while it waits: a double tap is one request.
  if (held.some((item) => item[0] == found) || !answer(found)) return;
  held.push([found, found, by]);
  setTimeout(() => {
    if (ready.has(found)) return;
    ready.add(found);
    held.splice(
      held.findIndex((item) => item[0] == found),
      1,
    );
    found.requestSubmit(by && (by as Field).form == found ? by : null);
  }, RELEASE_AFTER_MS);
}

addEventListener(
  "click",
  (event) => {
    const found = owner(event.target);
    if (!found) return;
    if (found.localName == "scroll-by") {
      if ((event.target as Element).closest("button")) scrollWindowBy(Number(found.getAttribute("px")));
      return;
    }
    if (!(found instanceof HTMLFormElement)) return hold(event, found, null);
    // A form holds only its submission: a click on a submit button, which Enter in a field also becomes.
    const button = (event.target as Element).closest<HTMLButtonElement>("button,input");
    if (button && button.form == found && /^(submit|image)$/.test(button.type)) hold(event, found, button);
  },
  true,
);

// A widget's keys (the value of its attribute: a carousel's arrows) are held like its clicks.
addEventListener(
  "keydown",
  (event) => {
    const found = owner(event.target);
    if (found && !(found instanceof HTMLFormElement) && found.getAttribute(REPLAY_ATTRIBUTE)!.split(" ").includes(event.key)) hold(event, found, null, event.key);
  },
  true,
);

addEventListener("submit", (event) => {
  const found = owner(event.target);
  if (found) hold(event, found, event.submitter);
}, true);

// Editing a field clears its message, as the form's code does.
addEventListener(
  "input",
  (event) => {
    const field = event.target as Field;
    const state = field.form && owner(field.form) && answers[field.form.id];
    if (state && field.id in state.errors && document.getElementById(errorSlotId(field.id))) {
      delete state.errors[field.id];
      mark(field, null, null);
    }
  },
  true,
);

addEventListener(
  "toggle",
  (event) => {
    const panel = event.target as HTMLElement;
    if (panel.id && panel.matches("[popover]")) {
      for (const button of document.querySelectorAll(`[popovertarget='${panel.id}'][aria-expanded]`)) {
        button.setAttribute("aria-expanded", String((event as ToggleEvent).newState == "open"));
      }
    }
  },
  true,
);

window.__earlyEvents = { held, ready, answers };
