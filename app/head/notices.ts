// The notices' head script, inline in every public page's <head> (app/layouts/site.astro), bundled
// to one minified string at build (scripts/build/inline-script-plugin.ts). The
// notices (components/layout/notices.tsx) are in the pre-rendered HTML of every
// page, but the HTML cannot know what this visitor has acknowledged before: this
// runs before the first paint and decides with classes on <html> (styled in
// app.css), so a returning visitor never sees a notice flash, and nothing
// moves. It also answers the notices' buttons from the first paint; React never
// handles them. Storage can throw (private modes, storage turned off): a notice
// then works for this page only. notices.test.ts runs the built string.
import { readStoredFlag, storeFlag } from "../lib/storage";
import { DISCLAIMER_DELAY_MS, DISCLAIMER_DUE_CLASS, NOTICE_ACTION_ATTRIBUTE, NOTICE_ATTRIBUTE, notices, type NoticeName } from "../lib/notices-markup";

const root = document.documentElement;

for (const notice of Object.values(notices)) {
  if (!readStoredFlag(notice.storageKey)) root.classList.add(notice.showClass);
}

const due = () => setTimeout(() => root.classList.add(DISCLAIMER_DUE_CLASS), DISCLAIMER_DELAY_MS);
if (document.readyState === "complete") due();
else addEventListener("load", due);

document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest(`[${NOTICE_ACTION_ATTRIBUTE}]`) : null;
  const region = button?.closest(`[${NOTICE_ATTRIBUTE}]`);
  const name = region?.getAttribute(NOTICE_ATTRIBUTE);
  if (!button || !region || !name || !Object.keys(notices).includes(name)) return;
  const notice = notices[name as NoticeName];
  if (button.getAttribute(NOTICE_ACTION_ATTRIBUTE) === "accept") storeFlag(notice.storageKey);
  // A pressed button goes with its notice: keyboard focus carries on from the main content, not from the top.
  const hadFocus = region.contains(document.activeElement);
  root.classList.remove(notice.showClass);
  const main = document.querySelector("main");
  if (hadFocus && main) main.focus({ preventScroll: true });
});
