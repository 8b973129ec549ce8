// The inline head script of the early event capture (early-events.ts says what
// it does), apart from the replay so that the page's first-load bundle holds
// neither: root.tsx renders this only in the pre-render, and the replay comes
// with the lazy code of the forms and widgets that opt in.

/** How long a held form submission waits for the form's code before it is posted natively. */
export const RELEASE_AFTER_MS = 15_000;

/** Put on a control, or on a form or widget, whose code loads after the first paint. */
export const REPLAY_ATTRIBUTE = "data-replay";

/** Spread on the element: its presses are held from the first paint until it calls replayEarlyEvents() (early-events.ts). */
export const holdsEarlyPresses = { [REPLAY_ATTRIBUTE]: "" } as const;

// The script's source is a literal (the bytes must be the same in the pre-render
// and in every visitor's browser: the CSP allows it by its hash). Its line breaks
// and indentation are taken out before it ships (every statement ends in ; or }).
// A popover's toggle also sets aria-expanded on the buttons that open it, so an
// opened panel reads as open before the code that renders the attribute is here.
// A form's held submission is sent natively (a page load, as with scripts off)
// if its code has not taken it over after RELEASE_AFTER_MS: a lead is never
// lost to a script that failed to load.
// early-events.test.ts runs it.
const source = `(function (a) {
  var held = [], ready = new WeakSet();
  function owner(node) {
    var found = node instanceof Element && node.closest("[" + a + "]");
    return found && !ready.has(found) && found;
  }
  function hold(event, found, by) {
    event.preventDefault();
    event.stopImmediatePropagation();
    var form = found instanceof HTMLFormElement;
    if (form && held.some(function (item) { return item[0] == found; })) return;
    held.push([found, form ? found : event.target, by]);
    if (form) setTimeout(function () {
      if (ready.has(found)) return;
      ready.add(found);
      held.splice(held.findIndex(function (item) { return item[0] == found; }), 1);
      found.requestSubmit(by && by.form == found ? by : null);
    }, RELEASE_MS);
  }
  addEventListener("click", function (event) {
    var found = owner(event.target), button;
    if (!found) return;
    if (!(found instanceof HTMLFormElement)) return hold(event, found, null);
    button = event.target.closest("button,input");
    if (button && button.form == found && /^(submit|image)$/.test(button.type)) hold(event, found, button);
  }, true);
  addEventListener("submit", function (event) {
    var found = owner(event.target);
    if (found) hold(event, found, event.submitter);
  }, true);
  addEventListener("toggle", function (event) {
    var panel = event.target;
    if (panel.id && panel.matches("[popover]")) document.querySelectorAll("[popovertarget='" + panel.id + "'][aria-expanded]").forEach(function (button) {
      button.setAttribute("aria-expanded", event.newState == "open");
    });
  }, true);
  window.__earlyEvents = { held: held, ready: ready };
})(ATTRIBUTE);`;

// Built by a function called as pure, so a browser bundle that imports this module for its names drops it whole.
function build() {
  return source.replace(/\n\s*/g, "").replace("ATTRIBUTE", JSON.stringify(REPLAY_ATTRIBUTE)).replace("RELEASE_MS", String(RELEASE_AFTER_MS));
}

/** The inline script: the same bytes on every page and for every visitor, so one CSP hash allows it. */
export const earlyEventsScript = /* @__PURE__ */ build();

