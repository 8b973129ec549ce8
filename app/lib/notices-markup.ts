// What the notices' head script (app/head/notices.ts) and the notices' markup
// (components/layout/dismissible-banner.tsx) and app.css agree on: which
// notices there are, the classes on <html> that show them, and the attributes
// their buttons carry. No code of the script itself, so the markup imports
// these names without it.
import { DISCLAIMER_DELAY_MS, STORAGE_KEYS } from "~/data/constants";

/** Which notices there are: the localStorage key that, once set, keeps each away for good. */
export const notices = {
  cookie: { storageKey: STORAGE_KEYS.cookiesAccepted, showClass: "show-cookie-notice" },
  disclaimer: { storageKey: STORAGE_KEYS.disclaimerAccepted, showClass: "show-disclaimer" },
} as const;
export type NoticeName = keyof typeof notices;

/** Set on <html> DISCLAIMER_DELAY_MS after the load event: the disclaimer's reserved space fills in. */
export const DISCLAIMER_DUE_CLASS = "disclaimer-due";
export { DISCLAIMER_DELAY_MS };

/** The attributes the buttons carry: which notice, and whether the choice is remembered. */
export const NOTICE_ATTRIBUTE = "data-notice";
export const NOTICE_ACTION_ATTRIBUTE = "data-notice-action";
export type NoticeAction = "accept" | "close";

/**
 * The id of an empty element after the notices, the last in their container, which the page's head
 * names in a render-blocking `<link rel="expect">`: the browser paints nothing
 * before the notices are parsed whole. HTML can arrive, or be parsed, in pieces
 * (a slow link, a busy phone); a first frame cut off inside a notice's row would
 * draw its text beside a button with no words yet, then reflow it. The element
 * comes after the notices, not on their container, because Chromium paints once
 * the target's opening tag is parsed.
 */
export const NOTICES_END_ID = "notices-end";
