import { test as base, type Locator, type Page } from "@playwright/test";
import { carouselCopy } from "../app/data/carousel";
import { SERVICES_HERO_SCROLL_PX } from "../app/data/constants";
import { whyChooseUs } from "../app/data/freelancers";
import { paths } from "../app/data/paths";
import { resourcesFaq } from "../app/data/resources";
import { servicesHero } from "../app/data/services";
import { acknowledgeBanners, expect, isPhone, waitForHydration } from "./fixtures";

// Each control used as soon as it is visible, while the page's JavaScript is
// held back, must end exactly as a tap after hydration does, once the scripts
// arrive, and nothing may happen twice. The page's own goto() (fixtures.ts)
// waits for hydration, so these tests use Playwright's plain page.

/** Holds every /assets/*.js request until the returned function is called (or a few seconds pass). */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 8_000);
  });
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await waitForHydration(page);
  };
}

/** Opens `path` with its scripts held; the page is painted and not hydrated. */
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
  const releaseScripts = await holdScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => "__siteHydrated" in window)).toBe(false);
  return releaseScripts;
}

const toggles = (page: Page) => page.evaluate(() => (window as unknown as { __toggles: string[] }).__toggles);
const notHydratedYet = async (page: Page) => expect(await page.evaluate(() => "__siteHydrated" in window)).toBe(false);

base("the mobile menu opens from the first tap, with focus inside, and stays open once the scripts arrive", async ({ page }) => {
  base.skip(!isPhone(page), "mobile navigation");
  const release = await openEarly(page, paths.about);
  const hamburger = page.getByRole("button", { name: "Open menu" });
  await hamburger.click();
  await notHydratedYet(page);
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

base("the menu's close button and backdrop work before the scripts arrive", async ({ page }) => {
  base.skip(!isPhone(page), "mobile navigation");
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
  await notHydratedYet(page);
});

base("a header dropdown opens from the first click and stays open, once, when the scripts arrive", async ({ page }) => {
  base.skip(isPhone(page), "desktop navigation");
  const release = await openEarly(page, paths.about);
  const nav = page.getByRole("navigation", { name: "Main" });
  const services = nav.getByRole("button", { name: "Services submenu" });
  await services.click();
  await notHydratedYet(page);
  await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeVisible();

  await release();
  await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeVisible();
  await expect(services).toHaveAttribute("aria-expanded", "true");
  expect(await toggles(page)).toEqual(["submenu-services:open"]);
  // The next press closes it, as a second press on a late-opened one does.
  await services.click();
  await expect(nav.getByRole("link", { name: "Tenders & Project Delivery" })).toBeHidden();
  await expect(services).toHaveAttribute("aria-expanded", "false");
});

base("FAQ: an early answer opens and the other closes, and it stays so once the scripts arrive", async ({ page }) => {
  const release = await openEarly(page, paths.resources);
  const faq = page.getByRole("region", { name: resourcesFaq.heading });
  const [a, b] = resourcesFaq.items;
  await faq.getByRole("heading", { name: a!.question }).click();
  await expect(faq.getByText(a!.answer)).toBeVisible();
  await faq.getByRole("heading", { name: b!.question }).click();
  await notHydratedYet(page);
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

base("back-to-top takes the page to the top from the first tap, and the address ends as after a late tap", async ({ page }) => {
  const release = await openEarly(page, paths.about);
  await page.evaluate(() => window.scrollTo(0, 900));
  const backToTop = page.getByRole("link", { name: "Back to top" });
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await notHydratedYet(page);
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
  await notHydratedYet(page);
  await release();
  expect(await paste()).toEqual({ pageBlocked: true, fieldBlocked: false });
});

/** Whether the carousel shows the slide labelled `label` ("n of N"): Embla marks those out of view aria-hidden. */
const slide = (carousel: Locator, label: string) => carousel.getByRole("group", { name: label, includeHidden: true });

base("a carousel's Next pressed before the scripts moves it one slide, once, when they arrive", async ({ page }) => {
  // Jumps instead of animated moves and no autoplay: where the carousel ends is where the presses left it.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await openEarly(page, paths.freelancers);
  const carousel = page.getByRole("region", { name: whyChooseUs.carouselLabel });
  const total = whyChooseUs.cards.length;
  await carousel.getByRole("button", { name: carouselCopy.next }).click();
  await notHydratedYet(page);

  await release();
  await expect(slide(carousel, `1 of ${total}`)).toHaveAttribute("aria-hidden", "true");
  await expect(slide(carousel, `2 of ${total}`)).not.toHaveAttribute("aria-hidden");
  // A late press carries on from there: nothing was left queued, nothing applied twice.
  await carousel.getByRole("button", { name: carouselCopy.next }).click();
  await expect(slide(carousel, `2 of ${total}`)).toHaveAttribute("aria-hidden", "true");
  await expect(slide(carousel, `3 of ${total}`)).not.toHaveAttribute("aria-hidden");
  await expect(slide(carousel, `1 of ${total}`)).toHaveAttribute("aria-hidden", "true");
});

base("a carousel's pause pressed before the scripts stops autoplay when they arrive", async ({ page }) => {
  const release = await openEarly(page, paths.freelancers);
  const carousel = page.getByRole("region", { name: whyChooseUs.carouselLabel });
  await carousel.getByRole("button", { name: carouselCopy.pause }).click();
  await notHydratedYet(page);

  await release();
  await expect(carousel.getByRole("button", { name: carouselCopy.play })).toBeVisible();
  // Stopped by the visitor, so the slides are a live region again; the one press toggled it once.
  await expect(carousel.locator('[aria-live="polite"]')).toHaveCount(1);
  await expect(carousel.getByRole("button", { name: carouselCopy.pause })).toHaveCount(0);
});

base("Browse Services pressed before the scripts scrolls the page at once, and once", async ({ page }) => {
  // A jump, not a smooth scroll: the position is final as soon as it has moved.
  await page.emulateMedia({ reducedMotion: "reduce" });
  // Every scroll the page's code asks for, to tell one from two.
  await page.addInitScript(() => {
    const scrollBy = window.scrollBy.bind(window) as (options: ScrollToOptions) => void;
    const log: number[] = [];
    (window as unknown as { __scrolls: number[] }).__scrolls = log;
    window.scrollBy = ((options: ScrollToOptions) => {
      log.push(options.top ?? 0);
      scrollBy(options);
    }) as typeof window.scrollBy;
  });
  const release = await openEarly(page, paths.services);
  await page.getByRole("button", { name: servicesHero.browseLabel }).click();
  // Answered by the head script: moved before any of the page's code has run.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(SERVICES_HERO_SCROLL_PX);
  await notHydratedYet(page);

  await release();
  await waitForHydration(page);
  // Nothing was held, so the arriving code scrolls no second time.
  expect(await page.evaluate(() => (window as unknown as { __scrolls: number[] }).__scrolls)).toEqual([SERVICES_HERO_SCROLL_PX]);
  expect(await page.evaluate(() => window.scrollY)).toBe(SERVICES_HERO_SCROLL_PX);
});

base("Enter on a carousel's Next before the scripts is held like a tap: one slide moved, once", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await openEarly(page, paths.freelancers);
  const carousel = page.getByRole("region", { name: whyChooseUs.carouselLabel });
  const total = whyChooseUs.cards.length;
  await carousel.getByRole("button", { name: carouselCopy.next }).press("Enter");
  await notHydratedYet(page);

  await release();
  await expect(slide(carousel, `1 of ${total}`)).toHaveAttribute("aria-hidden", "true");
  await expect(slide(carousel, `2 of ${total}`)).not.toHaveAttribute("aria-hidden");
  // Applied once: a late Enter moves one more.
  await carousel.getByRole("button", { name: carouselCopy.next }).press("Enter");
  await expect(slide(carousel, `3 of ${total}`)).not.toHaveAttribute("aria-hidden");
  await expect(slide(carousel, `2 of ${total}`)).toHaveAttribute("aria-hidden", "true");
});

base("Space on a carousel's pause before the scripts is held like a tap: autoplay stopped when they arrive", async ({ page }) => {
  const release = await openEarly(page, paths.freelancers);
  const carousel = page.getByRole("region", { name: whyChooseUs.carouselLabel });
  await carousel.getByRole("button", { name: carouselCopy.pause }).press(" ");
  await notHydratedYet(page);

  await release();
  await expect(carousel.getByRole("button", { name: carouselCopy.play })).toBeVisible();
  await expect(carousel.getByRole("button", { name: carouselCopy.pause })).toHaveCount(0);
});

base("→ pressed in a carousel before the scripts is held and moves it one slide, once, when they arrive", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await openEarly(page, paths.freelancers);
  const carousel = page.getByRole("region", { name: whyChooseUs.carouselLabel });
  const total = whyChooseUs.cards.length;
  const next = carousel.getByRole("button", { name: carouselCopy.next });
  await next.focus();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await next.press("ArrowRight");
  await notHydratedYet(page);
  // Held, not passed on: the page did not scroll sideways or down.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);

  await release();
  await expect(slide(carousel, `1 of ${total}`)).toHaveAttribute("aria-hidden", "true");
  await expect(slide(carousel, `2 of ${total}`)).not.toHaveAttribute("aria-hidden");
  await page.keyboard.press("ArrowRight");
  await expect(slide(carousel, `3 of ${total}`)).not.toHaveAttribute("aria-hidden");
  await expect(slide(carousel, `2 of ${total}`)).toHaveAttribute("aria-hidden", "true");
});
