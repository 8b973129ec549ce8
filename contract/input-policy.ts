import * as v from "valibot";

// One policy for every free-text field of every form, applied where the
// schema builds its string pipes (lead.ts). Text is composed to Unicode NFC,
// so one name is stored one way however it was typed. Control characters
// (C0, DEL, C1: NUL among them, which PostgreSQL cannot store) and the bidi
// embeddings, overrides and isolates (U+202A–202E, U+2066–2069, which can make
// a name or an email subject read differently from what it holds) are refused.
// The left-to-right and right-to-left marks (U+200E/200F) are allowed: they
// change no order on their own, and right-to-left names need them.
// A single-line field takes no line break or tab; the message keeps tabs and
// line breaks (CRLF and lone CR become LF).

export const inputPolicyMessages = {
  singleLine: "Please remove line breaks, tabs and invisible control or text-direction characters.",
  multiLine: "Please remove invisible control or text-direction characters (line breaks and tabs are fine).",
} as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const forbiddenOnOneLine = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex -- as above, less tab and line feed
const forbiddenInText = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/** A one-line field (name, email, phone, option lists): composed, trimmed, nothing invisible. */
export const singleLineText = v.pipe(
  v.string(),
  v.transform((value) => value.normalize("NFC")),
  v.trim(),
  v.check((value) => !forbiddenOnOneLine.test(value), inputPolicyMessages.singleLine),
);

/** A free-text field (the message): composed, line breaks as LF, trimmed, tabs and line breaks kept. */
export const multiLineText = v.pipe(
  v.string(),
  v.transform((value) => value.normalize("NFC").replace(/\r\n?/g, "\n")),
  v.trim(),
  v.check((value) => !forbiddenInText.test(value), inputPolicyMessages.multiLine),
);
