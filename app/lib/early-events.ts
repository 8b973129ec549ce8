import { useEffect, type RefObject } from "react";

// Early event capture and replay (docs/adr/0011-early-event-replay.md), the
// pattern of Angular's event replay and Google's JSAction. A control whose code
// arrives after the first paint opts in with REPLAY_ATTRIBUTE on itself or an
// ancestor (a form, a widget). From the first paint, an inline script in <head>
// (`earlyEventsScript` in early-events-script.ts, rendered by root.tsx) holds
// the presses aimed at it: for a form, only its submission (a click on a submit
// button, Enter in a field, which the browser turns into that click, or a
// submit event); for anything else, every click. A held press is cancelled (no native post, no page load) and
// kept in order. When the control's code has loaded, it calls
// replayEarlyEvents() once it is ready to answer: from then on its presses
// pass, and the held ones are replayed to it, each exactly once. A form's
// submissions collapse into one while it waits (a double tap is one request).
// With scripts off entirely nothing is held: forms post natively.

// Markup that always ships (a section, not a lazy form) imports it from early-events-script.ts, so the replay stays out of the first load.
export { holdsEarlyPresses } from "./early-events-script";

/** What the inline script shares with the bundle: presses held so far, and the controls ready for theirs. */
export interface EarlyEvents {
  /** [the opted-in element, the event's target, a form's submitter]. */
  held: [Element, EventTarget | null, HTMLElement | null][];
  ready: WeakSet<Element>;
}

declare global {
  interface Window {
    __earlyEvents?: EarlyEvents;
  }
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
 * requestSubmit (with the button that was pressed), a click as a click. Call it
 * once the element's handlers see the state the visitor left in the DOM.
 */
export function replayEarlyEvents(element: Element, early: EarlyEvents | undefined = typeof window === "undefined" ? undefined : window.__earlyEvents): void {
  if (!early || early.ready.has(element)) return;
  early.ready.add(element);
  const mine = early.held.filter((item) => item[0] === element);
  early.held.splice(0, early.held.length, ...early.held.filter((item) => item[0] !== element));
  for (const [, target, submitter] of mine) {
    if (target instanceof HTMLFormElement) {
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
