import { test as base, type Locator, type Page } from "@playwright/test";
import { carouselCopy } from "../app/data/shell.test-support";
import { paths } from "../app/data/paths";
import { accessibleExpanded, acknowledgeBanners, expect, waitForHydration } from "./fixtures";
import { expectPageCodeNotRun, gotoEarly, holdScripts, undefinedElements } from "./held-scripts";
import { readEntry } from "../scripts/build/content-files";

const resourcesFaq = readEntry("faqs/*.yaml", "resources");
const { whyChooseUs } = readEntry("pages/freelancers.yaml");
const { hero: servicesHero, list: servicesList } = readEntry("pages/services.yaml");

// Each control used as soon as it is visible, while the page's JavaScript is
// held back: those the browser runs by itself (a dialog, popovers, <details>,
// links) must end exactly as a press after the page's code has run does, once
// the scripts arrive, and nothing may happen twice; a carousel's buttons, which
// need its code, are not shown until it is there, and then work. "Not yet" is read
// from the page: the custom element that gives the control its behaviour is not
// defined. The page's own goto() (fixtures.ts) waits for the page's code, so
// these tests use Playwright's plain page.

/** Opens `path` with its scripts held; the page is painted and none of its code has run. */
async function openEarly(page: Page, path: string) {
  await acknowledgeBanners(page);
  // Every toggle (dialog, popover, details) the page sees, in order, to tell one opening from two.
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __toggles: string[] }).__toggles = log;
    document.addEventListener(
      "toggle",
      (event) => {
        const target = event.target as HTMLElement;
        log.push(`${target.id || target.querySelector("h3")?.textContent || target.tagName}:${(event as ToggleEvent).newState}`);
      },
      true,
    );
  });
  const scripts = await holdScripts(page);
  await gotoEarly(page, path);
  await expectPageCodeNotRun(page);
  return scripts.release;
}

const toggles = (page: Page) => page.evaluate(() => (window as unknown as { __toggles: string[] }).__toggles);
/** The behaviour's code has not arrived yet: `tag` is not defined, or, without one, none of the page's elements is. */
const notDefinedYet = async (page: Page, tag?: string) => {
  if (tag) expect(await undefinedElements(page, [tag])).toEqual([tag]);
  else await expectPageCodeNotRun(page);
};

base("the mobile menu opens from the first tap, with focus inside, and stays open once the scripts arrive", { tag: "@phone-only" }, async ({ page }) => {
  const release = await openEarly(page, paths.about);
  const hamburger = page.getByRole("button", { name: "Open menu" });
  await hamburger.click();
  await notDefinedYet(page, "mobile-menu");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();

  await release();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
  await expect(hamburger).toHaveAttribute("aria-expanded", "true");
  expect(await toggles(page)).toEqual(["mobile-menu:open"]);
  // And it closes as a late one does: Escape, focus back on the hamburger.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(hamburger).toBeFocused();
  await expect(hamburger).toHaveAttribute("aria-expanded", "false");
});

base("the menu's close button and backdrop work before the scripts arrive", { tag: "@phone-only" }, async ({ page }) => {
  await openEarly(page, paths.about);
  const menu = page.getByRole("dialog", { name: "Menu" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
  // The dimmed backdrop, left of the panel.
  await page.mouse.click(20, 400);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  await notDefinedYet(page, "mobile-menu");
});

base("a header dropdown opens from the first click and stays open, once, when the scripts arrive", async ({ page }) => {
  const release = await openEarly(page, paths.about);
  const nav = page.getByRole("navigation", { name: "Main" });
  const services = nav.getByRole("button", { name: "Services submenu" });
  await services.click();
  await notDefinedYet(page, "desktop-nav");
  await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeVisible();
  // Announced as expanded by the browser itself: no script names the state.
  expect(await accessibleExpanded(services)).toBe(true);

  await release();
  await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeVisible();
  expect(await accessibleExpanded(services)).toBe(true);
  expect(await toggles(page)).toEqual(["submenu-services:open"]);
  // The next press closes it, as a second press on a late-opened one does.
  await services.click();
  await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeHidden();
  await expect.poll(() => accessibleExpanded(services)).toBe(false);
});

base("FAQ: an early answer opens and the other closes, and it stays so once the scripts arrive", { tag: "@phone" }, async ({ page }) => {
  const release = await openEarly(page, paths.resources);
  const faq = page.getByRole("region", { name: resourcesFaq.heading });
  const [a, b] = resourcesFaq.items;
  await faq.getByRole("heading", { name: a!.question }).click();
  await expect(faq.getByText(a!.answer)).toBeVisible();
  await faq.getByRole("heading", { name: b!.question }).click();
  await notDefinedYet(page);
  await expect(faq.getByText(b!.answer)).toBeVisible();
  await expect(faq.getByText(a!.answer)).toBeHidden();

  await release();
  await expect(faq.getByText(b!.answer)).toBeVisible();
  await expect(faq.getByText(a!.answer)).toBeHidden();
  // Each item toggled once: the first opened, then closed by the second's opening.
  const seen = await toggles(page);
  expect(seen).toHaveLength(3);
  expect(seen).toEqual(expect.arrayContaining([`${a!.question}:open`, `${a!.question}:closed`, `${b!.question}:open`]));
});

base("back-to-top takes the page to the top from the first tap, and the address ends as after a late tap", { tag: "@phone" }, async ({ page }) => {
  const release = await openEarly(page, paths.about);
  await page.evaluate(() => window.scrollTo(0, 900));
  const backToTop = page.getByRole("link", { name: "Back to top" });
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await notDefinedYet(page, "back-to-top");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(backToTop).toBeHidden();

  await release();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveURL(/\/about$/);
  await expect(backToTop).toBeHidden();
});

base("content protection blocks a paste on the page from the first paint, never in a field, before and after the scripts", async ({ page }) => {
  const release = await openEarly(page, paths.about);
  const paste = () =>
    page.evaluate(() => {
      const onPage = new ClipboardEvent("paste", { bubbles: true, cancelable: true });
      document.querySelector("h1")?.dispatchEvent(onPage);
      const field = document.createElement("input");
      document.querySelector("main")?.append(field);
      const inField = new ClipboardEvent("paste", { bubbles: true, cancelable: true });
      field.dispatchEvent(inField);
      field.remove();
      return { pageBlocked: onPage.defaultPrevented, fieldBlocked: inField.defaultPrevented };
    });
  expect(await paste()).toEqual({ pageBlocked: true, fieldBlocked: false });
  await notDefinedYet(page);
  await release();
  expect(await paste()).toEqual({ pageBlocked: true, fieldBlocked: false });
});

/** Whether the carousel shows the slide labelled `label` ("n of N"): Embla marks those out of view aria-hidden. */
const slide = (carousel: Locator, label: string) => carousel.getByRole("group", { name: label, includeHidden: true });

base("a carousel's buttons show only once its code is there, in the space kept for them; then they move it, one slide a press", { tag: "@phone" }, async ({ page }) => {
  // Jumps instead of animated moves and no autoplay: where the carousel ends is where the presses left it.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await openEarly(page, paths.freelancers);
  const carousel = page.getByRole("region", { name: whyChooseUs.carouselLabel });
  const total = whyChooseUs.cards.length;
  const next = carousel.getByRole("button", { name: carouselCopy.next });
  const buttons = [carouselCopy.previous, carouselCopy.next].map((name) => carousel.getByRole("button", { name, includeHidden: true }));
  // Where each button sits in the page, shown or not.
  const places = () =>
    Promise.all(
      buttons.map((button) =>
        button.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height].map(Math.round);
        }),
      ),
    );
  // Nothing to press that would do nothing: before the code, no button is shown.
  for (const button of buttons) await expect(button).toBeHidden();
  const placesBefore = await places();
  await notDefinedYet(page, "slide-carousel");

  await release();
  for (const button of buttons) await expect(button).toBeVisible();
  expect(await places()).toEqual(placesBefore);
  await expect(slide(carousel, `1 of ${total}`)).not.toHaveAttribute("aria-hidden");
  await next.click();
  await expect(slide(carousel, `2 of ${total}`)).not.toHaveAttribute("aria-hidden");
  await expect(slide(carousel, `1 of ${total}`)).toHaveAttribute("aria-hidden", "true");
  await page.keyboard.press("ArrowRight");
  await expect(slide(carousel, `3 of ${total}`)).not.toHaveAttribute("aria-hidden");
  await expect(slide(carousel, `2 of ${total}`)).toHaveAttribute("aria-hidden", "true");
});

base("a carousel's pause shows once its code is there, and stops autoplay", async ({ page }) => {
  const release = await openEarly(page, paths.freelancers);
  const carousel = page.getByRole("region", { name: whyChooseUs.carouselLabel });
  const pause = carousel.getByRole("button", { name: carouselCopy.pause, includeHidden: true });
  await expect(pause).toBeHidden();
  await notDefinedYet(page, "slide-carousel");

  await release();
  await pause.click();
  await expect(carousel.getByRole("button", { name: carouselCopy.play })).toBeVisible();
  // Stopped by the visitor, so the slides are a live region again.
  await expect(carousel.locator('[aria-live="polite"]')).toHaveCount(1);
});

/** Where the services list's heading sits, from the top of the screen. */
const listTop = (page: Page) => page.getByRole("heading", { level: 2, name: servicesList.heading }).evaluate((heading) => Math.round(heading.getBoundingClientRect().top));

base("Browse Services pressed before the scripts moves the page to the services at once, by the browser, and once", async ({ page }) => {
  // A jump, not a smooth scroll: the position is final as soon as it has moved.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await openEarly(page, paths.services);
  await page.getByRole("link", { name: servicesHero.browseLabel }).click();
  // Moved before any of the page's code has run: the list's heading at the top, under the header.
  await expect.poll(() => listTop(page)).toBeLessThan(200);
  await expect(page).toHaveURL(/\/services#services-list$/);
  await notDefinedYet(page, "scroll-by");
  const moved = await page.evaluate(() => window.scrollY);
  expect(moved).toBeGreaterThan(0);
  // The next Tab starts from the services: their first Explore link.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: new RegExp(`^${servicesList.exploreLabel} `) }).first()).toBeFocused();

  await release();
  await waitForHydration(page);
  // The arriving code moves nothing.
  expect(await page.evaluate(() => window.scrollY)).toBe(moved);
});
