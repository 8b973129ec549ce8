import type { Page } from "@playwright/test";
import { acknowledgeBanners, expect, isPhone, rawHtml, test, waitForHydration } from "./fixtures";
import { SERVICES_HERO_SCROLL_PX } from "../app/data/constants";
import { paths, serviceSlugs, type ServiceSlug } from "../app/data/paths";
import { benefitColumns, parseBenefit } from "../app/lib/benefit";
import { readEntry } from "../scripts/build/content-files";

const serviceCategory = (slug: ServiceSlug) => readEntry("services/*.yaml", slug);
const { hero: servicesHero, list: servicesList } = readEntry("pages/services.yaml");
const serviceCategoryCopy = readEntry("pages/service-category.yaml");

/** Records every scroll position the page passes through from now on. */
async function recordScrolling(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __scrolled: number[] }).__scrolled = seen;
    addEventListener("scroll", () => seen.push(Math.round(window.scrollY)), { passive: true });
  });
  return () => page.evaluate(() => (window as unknown as { __scrolled: number[] }).__scrolled);
}

/** How React writes text into HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

const metaTags = ['name="description"', 'rel="canonical"', 'property="og:title"', 'property="og:image"', 'name="twitter:card"'];

test("the raw HTML of /services and of every category holds its h1, its sections and its sharing tags", async ({ request }) => {
  const overview = await rawHtml(request, paths.services);
  expect(overview.status).toBe(200);
  expect(overview.html).toContain(html(servicesHero.title));
  expect(overview.html).toContain(html(servicesList.heading));
  for (const tag of metaTags) expect(overview.html).toContain(tag);

  for (const slug of serviceSlugs) {
    const category = serviceCategory(slug);
    const { status, html: page } = await rawHtml(request, paths.serviceCategory(slug));
    expect(status, slug).toBe(200);
    expect(page).toMatch(new RegExp(`<h1[^>]*>${html(category.hero?.headline ?? category.title).replace(/[()]/g, "\\$&")}</h1>`));
    for (const heading of [serviceCategoryCopy.benefitsHeading, serviceCategoryCopy.faqHeading, serviceCategoryCopy.ctaHeading]) {
      expect(page).toContain(html(heading));
    }
    expect(page).toContain(html(category.faq[0]!.answer));
    for (const tag of metaTags) expect(page).toContain(tag);
    expect(page).toContain(`${paths.serviceCategory(slug)}"`);
    expect(page).not.toContain("noindex");
  }
});

test.describe("services page", () => {
  test.beforeEach(async ({ visitorTab: page }) => {
    await page.goto(paths.services);
  });

  test("8 category cards, each with its own Explore link", async ({ visitorTab: page }) => {
    const cards = page.getByRole("region", { name: servicesList.heading }).getByRole("listitem");
    await expect(cards).toHaveCount(8);
    for (const slug of serviceSlugs) {
      const { title } = serviceCategory(slug);
      await expect(cards.getByRole("heading", { level: 3, name: title })).toBeVisible();
      const explore = page.getByRole("link", { name: `${servicesList.exploreLabel} ${title}`, exact: true });
      await expect(explore).toHaveAttribute("href", `/services/${slug}`);
      await expect(explore).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  test("Browse Services scrolls the window down 450 px, smoothly, once its code is there", async ({ visitorTab: page }) => {
    const link = page.getByRole("link", { name: servicesHero.browseLabel });
    await expect(link).toBeVisible();
    const positions = await recordScrolling(page);
    await link.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(SERVICES_HERO_SCROLL_PX);
    // Smooth: the page passed through a position on the way, not one jump (a busy machine draws few frames of it).
    expect((await positions()).some((y) => y > 0 && y < SERVICES_HERO_SCROLL_PX)).toBe(true);
    // Scrolled by the element, not followed: the address is as it was.
    await expect(page).toHaveURL(/\/services$/);
  });

  test("an Explore link opens its category page", async ({ visitorTab: page }) => {
    const payroll = serviceCategory("payroll");
    await page.getByRole("link", { name: `${servicesList.exploreLabel} ${payroll.title}` }).click();
    await expect(page).toHaveURL(/\/services\/payroll$/);
    await expect(page.getByRole("heading", { level: 1, name: payroll.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(payroll.title.replace(/[()]/g, "\\$&")));
  });
});

test("under reduced motion Browse Services jumps 450 px at once", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await acknowledgeBanners(page);
  await page.goto(paths.services);
  // A page of its own context is not the fixture's: wait for hydration before pressing anything.
  await waitForHydration(page);
  const positions = await recordScrolling(page);
  await page.getByRole("link", { name: servicesHero.browseLabel }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(SERVICES_HERO_SCROLL_PX);
  expect(await positions()).toEqual([SERVICES_HERO_SCROLL_PX]);
  await context.close();
});

for (const slug of serviceSlugs) {
  const category = serviceCategory(slug);

  // The benefits reflow to one column on a phone: the first category shows it there.
  const tag = slug === serviceSlugs[0] ? ["@phone"] : [];
  test(`/services/${slug}: hero, benefits, FAQ and the call to action`, { tag }, async ({ visitorTab: page }) => {
    await page.goto(paths.serviceCategory(slug));
    await expect(page.getByRole("heading", { level: 1, name: category.hero?.headline ?? category.title })).toBeVisible();
    await expect(page.getByText(category.hero?.subheadline ?? category.description)).toBeVisible();
    const hero = page.locator("main img").first();
    await expect(hero).toHaveAttribute("width", "480");
    await expect(hero).toHaveAttribute("height", "360");
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    if (category.intro) await expect(page.getByText(category.intro)).toBeVisible();

    // Benefits: 3 columns when more than 3, fewer otherwise (one column on a phone); emoji or sparkle icons.
    const benefits = page.getByRole("region", { name: serviceCategoryCopy.benefitsHeading });
    const items = benefits.getByRole("listitem");
    await expect(items).toHaveCount(category.benefits.length);
    const columns = await benefits.getByRole("list").evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(isPhone(page) ? 1 : benefitColumns(category.benefits.length));
    for (const [index, benefit] of category.benefits.entries()) {
      const { emoji, text } = parseBenefit(benefit);
      const item = items.nth(index);
      await expect(item).toContainText(text);
      const icon = item.locator('[aria-hidden="true"]').first();
      if (emoji) {
        await expect(icon).toHaveText(emoji);
        await expect(icon.locator("svg")).toHaveCount(0);
      } else {
        await expect(icon.locator("svg")).toHaveCount(1);
      }
    }

    // FAQ: every question, one answer open at a time.
    const faq = page.getByRole("region", { name: serviceCategoryCopy.faqHeading });
    for (const item of category.faq) await expect(faq.getByRole("heading", { name: item.question })).toBeVisible();
    await faq.getByRole("heading", { name: category.faq[0]!.question }).click();
    await expect(faq.getByText(category.faq[0]!.answer)).toBeVisible();

    const cta = page.getByRole("region", { name: serviceCategoryCopy.ctaHeading }).getByRole("link", { name: category.cta.text });
    await expect(cta).toHaveAttribute("href", "/contact");

    for (const list of [category.support, category.community]) {
      if (!list) continue;
      const region = page.getByRole("region", { name: list.heading });
      await expect(region.getByRole("listitem")).toHaveCount(list.items.length);
      for (const item of list.items) await expect(region.getByText(item)).toBeVisible();
    }
  });
}

test.describe("an unknown category", () => {
  const copy = serviceCategoryCopy.notFound;

  test("answers 404 with Category not found in its raw HTML, marked noindex", async ({ request }) => {
    const { status, html: page } = await rawHtml(request, "/services/unknown");
    expect(status).toBe(404);
    expect(page).toMatch(new RegExp(`<h1[^>]*>${copy.title}</h1>`));
    expect(page).toContain('name="robots" content="noindex"');
  });

  test("shows Category not found, loads without errors and links back to the services", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // The document's own 404 status is expected; anything else (e.g. a hydration mismatch) is not.
      if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
    });
    await acknowledgeBanners(page);
    const response = await page.goto("/services/unknown");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: copy.title })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: copy.backLabel }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1, name: servicesHero.title })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test("a category page's copy is in its HTML only: none of any category's text is in the scripts it loads", async ({ page }) => {
  // Each body is read as its response arrives, and all of them are awaited before the check:
  // a body still being read would otherwise be missing from it (flaky once in a full run).
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (/\.js(\?|$)/.test(response.url())) bodies.push(response.text().catch(() => ""));
  });
  await page.goto(paths.services);
  await waitForHydration(page);
  const payroll = serviceCategory("payroll");
  await page.getByRole("link", { name: `${servicesList.exploreLabel} ${payroll.title}` }).click();
  await expect(page.getByText(payroll.faq[0]!.question)).toBeVisible();
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  const downloaded = (await Promise.all(bodies)).join("\n");
  // The page's FAQ is in its HTML; no script carries it, nor any other category's.
  expect(downloaded.length).toBeGreaterThan(0);
  for (const slug of serviceSlugs) expect(downloaded, slug).not.toContain(serviceCategory(slug).faq[0]!.question);
});
