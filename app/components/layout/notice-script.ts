import { DISCLAIMER_DELAY_MS, STORAGE_KEYS } from "~/data/constants";

// The notices (notices.tsx) are in the pre-rendered HTML of every page, but
// the HTML cannot know what this visitor has acknowledged before. This script
// runs in <head>, before the first paint, and decides with classes on <html>
// (styled in app.css, which names the same classes): a returning visitor never
// sees a notice flash, and nothing moves. It also answers the notices' buttons
// from the first paint, long before the page's JavaScript has run; React never
// handles them. The server allows it by its sha256 hash, like every inline
// script (server/site/), so it must stay the same for every visitor: static.

/** Which notices there are: the localStorage key that, once set, keeps each away for good. */
export const notices = {
  cookie: { storageKey: STORAGE_KEYS.cookiesAccepted, showClass: "show-cookie-notice" },
  disclaimer: { storageKey: STORAGE_KEYS.disclaimerAccepted, showClass: "show-disclaimer" },
} as const;
export type NoticeName = keyof typeof notices;

/** Set on <html> DISCLAIMER_DELAY_MS after the load event: the disclaimer's reserved space fills in. */
export const DISCLAIMER_DUE_CLASS = "disclaimer-due";

/** The attributes the buttons carry: which notice, and whether the choice is remembered. */
export const NOTICE_ATTRIBUTE = "data-notice";
export const NOTICE_ACTION_ATTRIBUTE = "data-notice-action";
export type NoticeAction = "accept" | "close";

// The script's source is a literal, not a function's toString(): the
// pre-render and the browser bundle are minified differently, and the bytes
// must be the same in both (React hydrates the element; the CSP hashes it).
// Storage can throw (private modes, storage turned off): a notice then works
// for this page only. A pressed button goes with its notice, so keyboard focus
// carries on from the main content, not from the top. The comments and line
// breaks are taken out before it ships (every statement ends in ; or }).
// notice-script.test.ts runs it.
const settings = {
  notices,
  dueClass: DISCLAIMER_DUE_CLASS,
  delayMs: DISCLAIMER_DELAY_MS,
  noticeAttribute: NOTICE_ATTRIBUTE,
  actionAttribute: NOTICE_ACTION_ATTRIBUTE,
};

const source = `(function (s) {
  var root = document.documentElement;
  function stored(key) { try { return localStorage.getItem(key) !== null; } catch (e) { return false; } }
  Object.keys(s.notices).forEach(function (name) {
    if (!stored(s.notices[name].storageKey)) root.classList.add(s.notices[name].showClass);
  });
  function due() { setTimeout(function () { root.classList.add(s.dueClass); }, s.delayMs); }
  if (document.readyState === "complete") due(); else addEventListener("load", due);
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[" + s.actionAttribute + "]") : null;
    var region = button && button.closest("[" + s.noticeAttribute + "]");
    var notice = region && s.notices[region.getAttribute(s.noticeAttribute)];
    if (!notice) return;
    if (button.getAttribute(s.actionAttribute) === "accept") {
      try { localStorage.setItem(notice.storageKey, "true"); } catch (e) {}
    }
    var hadFocus = region.contains(document.activeElement);
    root.classList.remove(notice.showClass);
    var main = document.querySelector("main");
    if (hadFocus && main) main.focus({ preventScroll: true });
  });
})(SETTINGS);`;

// Built by a function called as pure, so a browser bundle that imports this module for its names drops it whole.
const build = () => source.replace(/\n\s*/g, "").replace("SETTINGS", JSON.stringify(settings));

/** The inline script: the same bytes on every page and for every visitor, so one CSP hash allows it. */
export const noticeScript = /* @__PURE__ */ build();
