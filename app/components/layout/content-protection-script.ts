// The spec's content protection (no copy, cut, paste or the listed developer
// shortcuts on page content; form fields always exempt) as a static inline
// script in <head>, like the notices' (notice-script.ts): it applies from the
// first paint, before any of the page's JavaScript has loaded, and it is the
// only copy of these rules, so nothing applies them twice. It acts only while
// the page holds the protected wrapper (ContentProtection), so the owner's
// inbox, which has none, stays copyable, also after a move inside the app.
// The server allows it by its sha256 hash: the same bytes on every page.

/** The class of the wrapper around protected content (also what app.css makes unselectable). */
export const CONTENT_PROTECTED_CLASS = "content-protected";

/** Where copying and pasting always work. */
export const FORM_FIELDS = "input, textarea, select, [contenteditable='true']";

// A literal, not a function's toString(): the bytes must not depend on a
// minifier. Every statement ends in ; or }, so the line breaks can go.
// content-protection-script.test.ts runs it.
const source = `(function (s) {
  function on() { return document.querySelector("." + s.wrapper) !== null; }
  function field(target) { return target instanceof Element && target.closest(s.fields) !== null; }
  ["copy", "cut", "paste"].forEach(function (type) {
    document.addEventListener(type, function (event) { if (on() && !field(event.target)) event.preventDefault(); });
  });
  document.addEventListener("keydown", function (event) {
    if (!on() || typeof event.key !== "string") return;
    var key = event.key.toLowerCase();
    var blocked = key === "f12" || ((event.ctrlKey || event.metaKey) && (event.shiftKey ? key === "i" || key === "j" : "ucsx".indexOf(key) >= 0 && key.length === 1));
    if (blocked && (key === "f12" || event.shiftKey || !field(event.target))) event.preventDefault();
  });
})(SETTINGS);`;

// Built by a function called as pure, so a browser bundle that imports this module for its names drops it whole.
const build = () => source.replace(/\n\s*/g, "").replace("SETTINGS", JSON.stringify({ wrapper: CONTENT_PROTECTED_CLASS, fields: FORM_FIELDS }));

/** The inline script: the same bytes on every page and for every visitor, so one CSP hash allows it. */
export const contentProtectionScript = /* @__PURE__ */ build();
