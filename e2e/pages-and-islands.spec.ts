import type { Page } from "@playwright/test";
import { acknowledgeBanners, expect, test, waitForHydration } from "./fixtures";
import { aboutCopy } from "../app/data/about";
import { newsletterFormCopy } from "../app/data/newsletter";
import { paths } from "../app/data/paths";
import { carouselCopy, shell } from "../app/data/shell.test-support";
import { readEntry } from "../scripts/build/content-files";

const { footerLegalLinks } = shell.nav;
const newsletterCopy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const { complianceAndVetting, ourStory } = aboutCopy(readEntry("about.md"));
const { industryUpdates } = readEntry("pages/resources.yaml");
const { list: servicesList } = readEntry("pages/services.yaml");

// Every page is pre-rendered HTML; only its islands (the forms, the token
// buttons, the inbox) hydrate, and custom elements give the rest its
// behaviours. A link is a link: it loads the next page.

/** Every script body the page fetched so far. */
function recordScripts(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  });
  // A body is read after its response arrives: wait for every one received so far.
  return () => Promise.all(bodies);
}

// Tests that record what the page fetched, or open tabs, have a page of their own; the rest use the shared visitor tab.

test("a page's copy arrives once, in the HTML: no script it loads repeats it", async ({ page }) => {
  await acknowledgeBanners(page);
  const scripts = recordScripts(page);
  await page.goto(paths.about);
  await page.waitForLoadState("networkidle");
  const firstParagraph = ourStory.paragraphs[0] ?? "";
  await expect(page.getByText(firstParagraph)).toBeVisible();
  const bodies = await scripts();
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((body) => body.includes(firstParagraph))).toEqual([]);
});

test("a content page loads no React, not even once its footer's newsletter form is seen and used", async ({ page }) => {
  await acknowledgeBanners(page);
  const scripts = recordScripts(page);
  await page.goto(paths.about);
  await page.waitForLoadState("networkidle");
  const isReact = (body: string) => body.includes("react.transitional.element") || body.includes("__reactFiber");
  expect((await scripts()).filter(isReact)).toEqual([]);
  const footer = page.getByRole("contentinfo");
  const email = footer.getByRole("textbox", { name: newsletterCopy.emailLabel });
  await email.scrollIntoViewIfNeeded();
  await footer.getByRole("button", { name: newsletterCopy.submit }).click();
  // Answered in place with the spec's words, by the footer's own small script.
  await expect(footer.getByRole("status")).toHaveText(newsletterCopy.error);
  await page.waitForLoadState("networkidle");
  expect((await scripts()).filter(isReact)).toEqual([]);
});

test("a link in the page loads the next page, whose heading is there and focus starts at its top", async ({ visitorTab: page }) => {
  await page.goto(paths.about);
  const action = complianceAndVetting.actions[0]!;
  await page.getByRole("main").getByRole("link", { name: action.label, exact: true }).click();
  await expect(page).toHaveURL(action.href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
});

test("the footer's links load their page, and Back returns", async ({ visitorTab: page }) => {
  await page.goto(paths.member);
  const privacy = footerLegalLinks.find((link) => link.href === paths.privacyPolicy)!;
  await page.getByRole("contentinfo").getByRole("link", { name: privacy.label }).click();
  await expect(page).toHaveURL(paths.privacyPolicy);
  await expect(page.getByRole("heading", { level: 1, name: readEntry("legal/*.md", "privacy-policy").title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(paths.member);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a modified click on a link is the browser's: ctrl+click opens a tab and leaves this page as it is", async ({ page, context }) => {
  await acknowledgeBanners(page);
  await page.goto(paths.about);
  const opened = context.waitForEvent("page");
  const action = complianceAndVetting.actions[0]!;
  await page.getByRole("main").getByRole("link", { name: action.label, exact: true }).click({ modifiers: ["ControlOrMeta"] });
  await opened;
  await expect(page).toHaveURL(paths.about);
});

test("pages reached by links keep their behaviours: the FAQ opens, the hero video plays", async ({ visitorTab: page }) => {
  await page.goto(paths.services);
  const payroll = readEntry("services/*.yaml", "payroll");
  await page.getByRole("link", { name: `${servicesList.exploreLabel} ${payroll.title}` }).click();
  await expect(page).toHaveURL(paths.serviceCategory("payroll"));
  await waitForHydration(page);
  await page.getByRole("heading", { name: payroll.faq[0]!.question }).click();
  await expect(page.getByText(payroll.faq[0]!.answer)).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL("/");
  await waitForHydration(page);
  await expect(page.locator("video")).toHaveJSProperty("muted", true);
  await expect.poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
});

test("pages reached by links keep their behaviours: the carousel runs and today's date is written", async ({ visitorTab: page }) => {
  await page.goto(paths.about);
  await page.getByRole("contentinfo").getByRole("link", { name: "Agencies", exact: true }).click();
  await expect(page).toHaveURL(paths.agencies);
  await waitForHydration(page);
  const carousel = page.getByRole("region", { name: readEntry("testimonials/agencies.yaml").carouselLabel });
  // Its buttons show once it runs, which it does as it nears the screen.
  await carousel.scrollIntoViewIfNeeded();
  await carousel.getByRole("button", { name: carouselCopy.pause }).click();
  await expect(carousel.getByRole("button", { name: carouselCopy.play })).toBeVisible();
  await carousel.getByRole("button", { name: carouselCopy.next }).click();
  // Embla has started: the slide moved out of view is hidden from screen readers.
  await expect(carousel.getByRole("group", { name: "2 of 3", exact: true })).toBeVisible();
  await expect(carousel.getByRole("group", { name: "1 of 3", exact: true })).toBeHidden();

  await page.getByRole("contentinfo").getByRole("link", { name: "Resources", exact: true }).click();
  await expect(page).toHaveURL(paths.resources);
  await waitForHydration(page);
  const today = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  await expect(page.getByRole("region", { name: industryUpdates.heading }).locator("time").first()).toHaveText(today);
});
