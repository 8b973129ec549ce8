import { useEffect, type RefObject } from "react";

// Early event capture and replay (docs/adr/0011-early-event-replay.md), the
// pattern of Angular's event replay and Google's JSAction. A control whose code
// arrives after the first paint opts in with REPLAY_ATTRIBUTE on itself or an
// ancestor (a form, a widget). From the first paint, an inline script in <head>
// (app/head/early-events.ts, rendered by root.tsx) answers or holds the presses
// aimed at it: a form's submission is checked at once and shows its errors or
// its sending state (a valid one is held); any other click is held. A held press
// is cancelled (no native post, no page load) and kept in order. When the
// control's code has loaded, it calls replayEarlyEvents() once it is ready to
// answer: from then on its presses pass, and the held ones are replayed to it,
// each exactly once. A form's submissions collapse into one while it waits (a
// double tap is one request). With scripts off entirely nothing is held: forms
// post natively.

// Markup that always ships (a section, not a lazy form) imports it from early-events-markup.ts, so the replay stays out of the first load.
export { holdsEarlyPresses } from "./early-events-markup";
export type { EarlyAnswer, EarlyEvents } from "./early-events-markup";
import type { EarlyAnswer, EarlyEvents } from "./early-events-markup";

const early = (): EarlyEvents | undefined => (typeof window === "undefined" ? undefined : window.__earlyEvents);

/**
 * What the form with this id showed before its code arrived (its errors, or its
 * sending state), for the form's first render: hydration then finds the DOM as
 * the head script left it and changes nothing. Undefined in the pre-render.
 */
export function earlyAnswer(formId: string): EarlyAnswer | undefined {
  return early()?.answers[formId];
}

/** The element a held click is replayed on: the control itself, not an icon inside it. */
function pressable(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest("button,a,input,select,textarea,summary,label,[role],[tabindex]") ?? target;
  return control instanceof HTMLElement ? control : null;
}

/**
 * Marks `element` ready (its presses pass from now on) and replays, in order,
 * those held for it since the first paint: a form's one submission through
 * requestSubmit (with the button that was pressed), a click as a click, a key
 * as a key press on the element it was pressed in. Call it
 * once the element's handlers see the state the visitor left in the DOM.
 */
export function replayEarlyEvents(element: Element, events: EarlyEvents | undefined = early()): void {
  if (!events || events.ready.has(element)) return;
  events.ready.add(element);
  // The form's code has started from its early answer: from here on it answers itself.
  if (element.id) delete events.answers[element.id];
  const mine = events.held.filter((item) => item[0] === element);
  events.held.splice(0, events.held.length, ...events.held.filter((item) => item[0] !== element));
  for (const [, target, submitter, key] of mine) {
    if (key) {
      target?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    } else if (target instanceof HTMLFormElement) {
      target.requestSubmit(submitter && "form" in submitter && submitter.form === target ? submitter : null);
    } else {
      pressable(target)?.click();
    }
  }
}

/** replayEarlyEvents() on the element in `ref` once `ready` (by default at once, after the first commit). */
export function useReplayEarlyEvents(ref: RefObject<Element | null>, ready = true): void {
  useEffect(() => {
    if (ready && ref.current) replayEarlyEvents(ref.current);
  }, [ref, ready]);
}
