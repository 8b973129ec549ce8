// What the content protection's head script (app/head/content-protection.ts)
// and the page (components/layout/content-protection.tsx, app.css) agree on.

/** The class of the wrapper around protected content (also what app.css makes unselectable). */
export const CONTENT_PROTECTED_CLASS = "content-protected";

/** Where copying and pasting always work. */
export const FORM_FIELDS = "input, textarea, select, [contenteditable='true']";
