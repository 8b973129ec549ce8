// The page a form posted without the page's script is answered with: pre-rendered
// with the site's layout and words (app/pages/send/index.astro), then filled in
// by the server for each submission (server/spam/send-confirm-page.ts) at these
// slots. Both sides read them here, so a page without them fails the server's
// load of the build, naming the slot, rather than a visitor's press.

/** The confirmation form's one field: the signed token of the held submission. */
export const CONFIRM_TOKEN_FIELD = "token";

export const sendConfirmSlots = {
  /** Attribute of the list the server fills with what was sent (label, value). */
  fields: "data-send-fields",
  /** The hidden token input's value in the pre-rendered page. */
  token: "send-token-slot",
  /** Attribute of the note shown, instead of hidden, when the button was pressed too soon. */
  early: "data-send-early",
} as const;
