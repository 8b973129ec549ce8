import type { FieldErrors } from "../../contract/lead";
import { escapeHtml } from "../mail/messages";

// A form the browser posted itself (before its script hydrated it, or with
// JavaScript off) and the API refused: that visitor sees this page, not JSON.
// Only the contract's checks get here (the browser already checked `required`,
// `type=email` and `maxlength`), so it names each field's problem and the way
// back that keeps what was typed.

export const refusalPageCopy = {
  title: "Please check your details",
  nothingSent: "Nothing was sent yet.",
  wayBack: "Go back to the form with your browser’s Back button: what you typed is still there. Correct these and send it again:",
  link: "Open the form again",
} as const;

/** An HTML page listing `errors`; `formPage` is the page the form was on (one of ours) for the fallback link. */
export function refusalPage(errors: FieldErrors, formPage: string): string {
  const items = Object.values(errors).map((message) => `<li>${escapeHtml(message)}</li>`).join("");
  const copy = refusalPageCopy;
  return [
    "<!doctype html>",
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(copy.title)}</title></head>`,
    `<body><main><h1>${escapeHtml(copy.title)}</h1>`,
    `<p>${escapeHtml(copy.nothingSent)} ${escapeHtml(copy.wayBack)}</p>`,
    `<ul>${items}</ul>`,
    `<p><a href="${escapeHtml(formPage)}">${escapeHtml(copy.link)}</a></p>`,
    "</main></body></html>",
  ].join("\n");
}
