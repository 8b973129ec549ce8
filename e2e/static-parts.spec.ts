import type { Page } from "@playwright/test";
import { acknowledgeBanners, expect, test } from "./fixtures";
import { complianceAndVetting, ourStory } from "../app/data/about";
import { agencyTestimonials } from "../app/data/agencies";
import { carouselCopy } from "../app/data/carousel";
import { industryUpdates } from "../app/data/resources";
import { footerLegalLinks } from "../app/data/navigation";
import { paths } from "../app/data/paths";
import { privacyPolicy } from "../app/data/privacy-policy";
import { serviceCategories } from "../app/data/service-categories";
import { servicesList } from "../app/data/services";

// Static parts (app/lib/static-part.tsx): a page keeps their pre-rendered HTML
// when it hydrates, so their code and copy are not downloaded again; a move to
// the page inside the app fetches and renders them; their links stay in the app.

/** Every script body the page fetched so far. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") void response.text().then((body) => scripts.push(body), () => {});
  });
  return scripts;
}

/** Marks the current document, so a test can tell a move inside the app (the mark stays) from a page load (it is gone). */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { stayedInApp?: boolean }).stayedInApp = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp === true);

test.beforeEach(async ({ page }) => acknowledgeBanners(page));

test("a static page's copy arrives once, in the HTML: no script it loads repeats it", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto(paths.about);
  await page.waitForLoadState("networkidle");
  const firstParagraph = ourStory.paragraphs[0] ?? "";
  await expect(page.getByText(firstParagraph)).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((body) => body.includes(firstParagraph))).toEqual([]);
});

test("moving to a static page inside the app renders its content and focuses its heading", async ({ page }) => {
  await page.goto(paths.contact);
  await markDocument(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(paths.about);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByText(ourStory.paragraphs[0] ?? "")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: complianceAndVetting.heading })).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
});

test("a link in a kept static part moves inside the app, without loading a new document", async ({ page }) => {
  await page.goto(paths.about);
  await markDocument(page);
  const action = complianceAndVetting.actions[0]!;
  await page.getByRole("main").getByRole("link", { name: action.label, exact: true }).click();
  await expect(page).toHaveURL(action.href);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  expect(await stillSameDocument(page)).toBe(true);
});

test("the footer's links move inside the app from a page loaded directly, and back again", async ({ page }) => {
  await page.goto(paths.member);
  await markDocument(page);
  const privacy = footerLegalLinks.find((link) => link.href === paths.privacyPolicy)!;
  await page.getByRole("contentinfo").getByRole("link", { name: privacy.label }).click();
  await expect(page).toHaveURL(paths.privacyPolicy);
  await expect(page.getByRole("heading", { level: 1, name: privacyPolicy.title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(paths.member);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
});

test("a modified click on a kept link is the browser's: ctrl+click opens a tab and leaves this page as it is", async ({ page, context }) => {
  await page.goto(paths.about);
  const opened = context.waitForEvent("page");
  const action = complianceAndVetting.actions[0]!;
  await page.getByRole("main").getByRole("link", { name: action.label, exact: true }).click({ modifiers: ["ControlOrMeta"] });
  await opened;
  await expect(page).toHaveURL(paths.about);
});

test("after a move inside the app, a page's behaviours work on the markup React rendered: the FAQ opens, the hero video plays", async ({ page }) => {
  await page.goto(paths.services);
  await markDocument(page);
  const payroll = serviceCategories.payroll;
  await page.getByRole("link", { name: `${servicesList.exploreLabel} ${payroll.title}` }).click();
  await expect(page).toHaveURL(paths.serviceCategory("payroll"));
  await page.getByRole("heading", { name: payroll.faq[0]!.question }).click();
  await expect(page.getByText(payroll.faq[0]!.answer)).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(page.locator("video")).toHaveJSProperty("muted", true);
  await expect.poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  expect(await stillSameDocument(page)).toBe(true);
});

test("after a move inside the app, the carousel runs on React's markup and today's date is written", async ({ page }) => {
  await page.goto(paths.about);
  await markDocument(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Agencies", exact: true }).click();
  await expect(page).toHaveURL(paths.agencies);
  const carousel = page.getByRole("region", { name: agencyTestimonials.carouselLabel });
  await carousel.getByRole("button", { name: carouselCopy.pause }).click();
  await expect(carousel.getByRole("button", { name: carouselCopy.play })).toBeVisible();
  await carousel.getByRole("button", { name: carouselCopy.next }).click();
  // Embla has started: the slide moved out of view is hidden from screen readers.
  await expect(carousel.getByRole("group", { name: "2 of 3", exact: true })).toBeVisible();
  await expect(carousel.getByRole("group", { name: "1 of 3", exact: true })).toBeHidden();

  await page.getByRole("contentinfo").getByRole("link", { name: "Resources", exact: true }).click();
  await expect(page).toHaveURL(paths.resources);
  const today = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  await expect(page.getByRole("region", { name: industryUpdates.heading }).locator("time").first()).toHaveText(today);
  expect(await stillSameDocument(page)).toBe(true);
});
