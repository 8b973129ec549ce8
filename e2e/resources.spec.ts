import { acknowledgeBanners, expect, rawHtml, test } from "./fixtures";
import { paths } from "../app/data/paths";
import { readEntry } from "../scripts/build/content-files";

const resourcesFaq = readEntry("faqs/*.yaml", "resources");
const { guides, industryUpdates, hero: resourcesHero } = readEntry("pages/resources.yaml");

const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const todayGB = () => new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

test("the raw HTML of /resources holds every section and the sharing tags, but no date yet", async ({ request }) => {
  const { status, html: page } = await rawHtml(request, paths.resources);
  expect(status).toBe(200);
  expect(page).toMatch(new RegExp(`<h1[^>]*>${html(resourcesHero.title)}</h1>`));
  for (const heading of [guides.heading, resourcesFaq.heading, industryUpdates.heading]) expect(page).toContain(`>${html(heading)}</h2>`);
  for (const item of [...guides.items, ...industryUpdates.items]) expect(page).toContain(html(item.title));
  for (const tag of ['name="description"', 'rel="canonical"', 'property="og:title"', 'property="og:image"', 'name="twitter:card"']) {
    expect(page).toContain(tag);
  }
  // The date is the visitor's, written after hydration, so the pre-rendered page and hydration agree.
  expect(page).not.toContain("<time");
});

test.describe("resources page", () => {
  test("guides list: the 4 titles", async ({ visitorTab: page }) => {
    await page.goto(paths.resources);
    const list = page.getByRole("region", { name: guides.heading }).getByRole("listitem");
    await expect(list).toHaveCount(4);
    for (const guide of guides.items) await expect(list.getByRole("heading", { level: 3, name: guide.title })).toBeVisible();
  });

  test("the 3 industry updates are dated with today's date, written the British way", async ({ page }) => {
    await acknowledgeBanners(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(paths.resources);
    const cards = page.getByRole("region", { name: industryUpdates.heading }).getByRole("article");
    await expect(cards).toHaveCount(3);
    const today = todayGB();
    for (const [index, update] of industryUpdates.items.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3, name: update.title })).toBeVisible();
      await expect(card.getByText(update.summary)).toBeVisible();
      await expect(card.locator("time")).toHaveText(today);
      await expect(card.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    }
    expect(errors).toEqual([]);
  });

  test("the date appearing moves nothing on the page", async ({ browser }) => {
    // Without JavaScript the page is exactly the pre-rendered HTML: no date, its line kept empty.
    const staticContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const staticPage = await staticContext.newPage();
    await staticPage.goto(paths.resources);
    const headingTop = (page: typeof staticPage) =>
      page.getByRole("heading", { level: 3, name: industryUpdates.items[0]!.title }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const before = await headingTop(staticPage);
    await staticContext.close();

    const liveContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const livePage = await liveContext.newPage();
    await acknowledgeBanners(livePage);
    await livePage.goto(paths.resources);
    await expect(livePage.locator("time").first()).toHaveText(todayGB());
    expect(await headingTop(livePage)).toBe(before);
    await liveContext.close();
  });

  test("FAQ: 3 questions, one open at a time, and clicking the open one closes it", async ({ visitorTab: page }) => {
    await page.goto(paths.resources);
    const faq = page.getByRole("region", { name: resourcesFaq.heading });
    const [a, b] = resourcesFaq.items;
    await expect(faq.getByRole("heading", { level: 3 })).toHaveCount(3);
    const first = faq.getByRole("heading", { name: a!.question });
    const second = faq.getByRole("heading", { name: b!.question });
    await expect(faq.getByText(a!.answer)).toBeHidden();

    await first.click();
    await expect(faq.getByText(a!.answer)).toBeVisible();

    await second.click();
    await expect(faq.getByText(a!.answer)).toBeHidden();
    await expect(faq.getByText(b!.answer)).toBeVisible();

    await second.click();
    await expect(faq.getByText(b!.answer)).toBeHidden();

    // Keyboard too: the question is the item's summary, a stop of its own.
    await first.click();
    await first.click();
    await expect(faq.getByText(a!.answer)).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(faq.getByText(a!.answer)).toBeVisible();
  });

});
