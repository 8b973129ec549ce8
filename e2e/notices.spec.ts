import { test as plain } from "@playwright/test";
import { DISCLAIMER_DELAY_MS } from "../app/data/constants";
import { paths } from "../app/data/paths";
import { NOTICE_ACTION_ATTRIBUTE } from "../app/lib/notices-markup";
import { serveDocumentInPieces } from "./document-in-pieces";
import { expectPageCodeNotRun, gotoEarly, holdScripts } from "./held-scripts";
import { acknowledgeBanners, expect, test, waitForHydration } from "./fixtures";
import { MAX_NOTICE_SHARE, measureNoticeCoverage, noticeViewports, paintRecord, recordPaint, shiftedByNotices } from "./notice-coverage";

// The cookie notice and the disclaimer, as a first-time visitor meets them:
// in the page flow, never over the heading, a first-screen call to action or
// a field, at most 15% of the first screen together, nothing shifting, and
// their buttons working from the first paint.

const pageKinds = { home: paths.home, content: paths.agencies, contact: paths.contact } as const;

for (const [viewportName, viewport] of Object.entries(noticeViewports)) {
  // The phone viewport runs in the phone project (touch, mobile) alone, the others in the desktop one.
  const tag = viewportName === "phone" ? ["@phone-only"] : [];
  test.describe(`notices on a ${viewportName} (${viewport.width}x${viewport.height})`, { tag }, () => {
    test.use({ viewport });

    for (const [kind, path] of Object.entries(pageKinds)) {
      test(`${kind} page ${path}: the notices cover no heading, call to action or field, and at most 15% of the first screen`, async ({ page }) => {
        await recordPaint(page);
        await page.goto(path);
        const disclaimer = page.getByRole("region", { name: "Disclaimer" });
        await expect(page.getByRole("region", { name: "Cookie notice" })).toBeVisible();
        await expect(disclaimer).toBeVisible();
        const coverage = await measureNoticeCoverage(page);
        expect(coverage.showing).toEqual(["Cookie notice", "Disclaimer"]);
        expect(coverage.headings, "the page's h1 is in the first screen").toHaveLength(1);
        expect(coverage.covered).toEqual({ headings: [], ctas: [], fields: [] });
        expect(coverage.share).toBeLessThanOrEqual(MAX_NOTICE_SHARE);
        // The disclaimer filled in space kept for it from the first paint: nothing below moved, and nothing took focus.
        // (The header has its own, separate, shifts at times: its nav's chevrons, about 0.0002, while it lays out.)
        const record = await paintRecord(page);
        expect(shiftedByNotices(record.shifted), record.moves.join("\n")).toEqual([]);
        expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      });
    }
  });
}

test("HTML that arrives in pieces, cut inside the cookie notice's accept button, moves nothing once the rest comes", async ({ page, baseURL }) => {
  // The cut falls just after the button's opening tag: a frame drawn then would show the notice's text
  // beside an empty button, and reflow the text when the button's words and the close button arrive.
  const cut = (html: string) => html.indexOf(">", html.indexOf(`${NOTICE_ACTION_ATTRIBUTE}="accept"`)) + 1;
  const slowLink = await serveDocumentInPieces(baseURL!, cut, 1500);
  try {
    await recordPaint(page);
    await page.goto(`${slowLink.url}${paths.contact}`);
    await expect(page.getByRole("region", { name: "Cookie notice" }).getByRole("button", { name: "Accept All" })).toBeVisible();
    const record = await paintRecord(page);
    expect(record.seen).toContain("Cookie notice");
    expect(shiftedByNotices(record.shifted), record.moves.join("\n")).toEqual([]);
  } finally {
    await slowLink.close();
  }
});

test("a returning visitor who acknowledged both never sees either, not even for a frame", async ({ page }) => {
  await page.clock.install();
  await acknowledgeBanners(page);
  await recordPaint(page);
  await page.goto(paths.contact);
  await page.clock.runFor(DISCLAIMER_DELAY_MS + 500);
  const record = await paintRecord(page);
  expect(record.seen).toEqual([]);
  expect(shiftedByNotices(record.shifted), record.moves.join("\n")).toEqual([]);
});

test("by keyboard: Tab reaches the notices' buttons; accepting hides the notice and keeps focus in the page", async ({ page }) => {
  await page.goto(paths.agencies);
  const cookie = page.getByRole("region", { name: "Cookie notice" });
  const accept = cookie.getByRole("button", { name: "Accept All" });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(cookie).toBeHidden();
  await expect(page.getByRole("main")).toBeFocused();
  await page.keyboard.press("Tab");
  // The next stop is in the main content (the disclaimer's buttons or the page's first link), not the skip link at the top.
  expect(await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement))).toBe(true);
});

test("reduced motion: the disclaimer appears at once, without fading in", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(paths.home);
  const disclaimer = page.getByRole("region", { name: "Disclaimer" });
  await expect(disclaimer).toBeVisible();
  // Shown whole, with nothing running on it: no fade, rather than a fade measured as short.
  const shown = await disclaimer.evaluate((element) => ({
    opacity: getComputedStyle(element).opacity,
    fading: element.getAnimations().some((animation) => animation.playState === "running"),
  }));
  expect(shown).toEqual({ opacity: "1", fading: false });
});

plain("the buttons work before the page's JavaScript has run, and what was chosen holds after hydration and on the next page", async ({ page }) => {
  // The page's own clock, so the disclaimer's delay is passed without waiting it out.
  await page.clock.install();
  // Hold the site's scripts back, as a slow phone would.
  const scripts = await holdScripts(page);
  await gotoEarly(page, paths.agencies);
  const cookie = page.getByRole("region", { name: "Cookie notice" });
  await cookie.getByRole("button", { name: "Accept All" }).click();
  await expect(cookie).toBeHidden();
  // Closed by the head script alone: the page's module script has not run yet.
  await expectPageCodeNotRun(page);
  await scripts.release();
  const disclaimer = page.getByRole("region", { name: "Disclaimer" });
  await disclaimer.getByRole("button", { name: "Got it" }).click();
  await expect(disclaimer).toBeHidden();
  await expect(cookie).toBeHidden();
  expect(await page.evaluate(() => [localStorage.getItem("cookiesAccepted"), localStorage.getItem("disclaimerAccepted")])).toEqual(["true", "true"]);
  // The next page, a document of its own loaded by the link, then loaded afresh: neither notice comes back,
  // not even once the disclaimer's delay has passed.
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await waitForHydration(page);
  await expect(cookie).toBeHidden();
  await page.clock.runFor(DISCLAIMER_DELAY_MS + 500);
  await expect(cookie).toBeHidden();
  await expect(disclaimer).toBeHidden();
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(DISCLAIMER_DELAY_MS + 500);
  await expect(cookie).toBeHidden();
  await expect(disclaimer).toBeHidden();
});
