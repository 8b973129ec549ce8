// The spec's content protection (no copy, cut, paste or the listed developer
// shortcuts on page content; form fields always exempt), inline in <head>
// (app/layouts/site.astro) and bundled to one minified string at build
// (scripts/build/inline-script-plugin.ts): it applies from the first paint, before
// any of the page's JavaScript has loaded, and it is the only copy of these
// rules, so nothing applies them twice. It acts only while the page holds the
// protected wrapper (components/layout/content-protection.tsx). The owner's
// app, which the owner copies addresses from, has neither (app/admin/admin-layout.astro).
// content-protection.test.ts runs the built string.
import { CONTENT_PROTECTED_CLASS, FORM_FIELDS } from "../lib/content-protection-markup";

const protectedPage = () => document.querySelector(`.${CONTENT_PROTECTED_CLASS}`) !== null;
const inField = (target: EventTarget | null) => target instanceof Element && target.closest(FORM_FIELDS) !== null;

for (const type of ["copy", "cut", "paste"]) {
  document.addEventListener(type, (event) => {
    if (protectedPage() && !inField(event.target)) event.preventDefault();
  });
}

/** Ctrl (or Cmd) with U, C, S or X; with Shift, I or J (the developer tools); and F12. */
const DEVELOPER_KEYS = ["i", "j"];
const PAGE_KEYS = ["u", "c", "s", "x"];

document.addEventListener("keydown", (event) => {
  if (!protectedPage() || typeof event.key !== "string") return;
  const key = event.key.toLowerCase();
  const modified = event.ctrlKey || event.metaKey;
  // The developer shortcuts are refused everywhere, fields too; the copying ones only outside a field.
  if (key === "f12" || (modified && event.shiftKey && DEVELOPER_KEYS.includes(key))) event.preventDefault();
  else if (modified && !event.shiftKey && PAGE_KEYS.includes(key) && !inField(event.target)) event.preventDefault();
});
