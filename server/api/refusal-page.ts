import { refusalPageCopy, type FieldErrors } from "../../contract/lead";
import { escapeHtml } from "../mail/messages";
import { inlineStyleHashes, pageCsp } from "../site/security-headers";

// A form the browser posted itself (before its script hydrated it, or with
// JavaScript off) and the API refused: that visitor sees this page, not JSON.
// Only the contract's checks get here (the browser already checked `required`,
// `type=email` and `maxlength`), so it names each field's problem and the way
// back that keeps what was typed.

// A few lines of style in the page itself (the site's stylesheet is a hashed
// asset the API does not know), allowed by the CSP through its hash. Colours
// are the site's brand tokens (app/app.css).
const style =
  "body{margin:0;font:1.0625rem/1.6 system-ui,sans-serif;color:#0a1f44;background:#eef3fc}" +
  "main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem}" +
  "h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}li{margin:.25rem 0}a{color:#1a4fb4}a:focus-visible{outline:3px solid #1a4fb4;outline-offset:2px}";

/** The refusal page's own CSP: nothing but its inline style. */
export const refusalPageCsp = pageCsp({ styleHashes: inlineStyleHashes(`<style>${style}</style>`) });

/** An HTML page listing `errors`; `formPage` is the page the form was on (one of ours) for the fallback link. */
export function refusalPage(errors: FieldErrors, formPage: string): string {
  const items = Object.values(errors).map((message) => `<li>${escapeHtml(message)}</li>`).join("");
  const copy = refusalPageCopy;
  return [
    "<!doctype html>",
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(copy.title)}</title><style>${style}</style></head>`,
    `<body><main><h1>${escapeHtml(copy.title)}</h1>`,
    `<p>${escapeHtml(copy.nothingSent)} ${escapeHtml(copy.wayBack)}</p>`,
    `<ul>${items}</ul>`,
    `<p><a href="${escapeHtml(formPage)}">${escapeHtml(copy.link)}</a></p>`,
    "</main></body></html>",
  ].join("\n");
}
