import { expect, rawHtml, test } from "./fixtures";
import { homeHeroVideo } from "../app/data/home";
import { readEntry } from "../scripts/build/content-files";

const homeHero = { ...readEntry("home/hero.yaml"), video: homeHeroVideo };
const homeTestimonials = readEntry("testimonials/home.yaml");
const { countries, freelancerSupport, cta: homeCta, howItWorks, pillars, sectorsWeSupport } = readEntry("pages/home.yaml");

const sectionHeadings = [
  pillars.heading,
  sectorsWeSupport.heading,
  freelancerSupport.heading,
  countries.heading,
  howItWorks.heading,
  homeTestimonials.heading,
  homeCta.heading,
];

test("the raw HTML of / holds the hero headline, every section heading and the sharing tags", async ({ request }) => {
  const { status, html } = await rawHtml(request, "/");
  expect(status).toBe(200);
  expect(html).toContain(homeHero.headline);
  for (const heading of sectionHeadings) expect(html).toContain(heading.replace(/&/g, "&amp;"));
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  for (const tag of ['name="description"', 'rel="canonical"', 'property="og:title"', 'property="og:image"', 'name="twitter:card"']) {
    expect(html).toContain(tag);
  }
  expect(html).toContain('<html lang="en-GB"');
});

test.describe("home page", () => {
  test.beforeEach(async ({ visitorTab: page }) => {
    await page.goto("/");
  });

  test("hero: headline, subtitle, both audience buttons and a looping muted inline video", async ({ visitorTab: page }) => {
    await expect(page.getByRole("heading", { level: 1, name: homeHero.headline })).toBeVisible();
    await expect(page.getByText(homeHero.subtitle)).toBeVisible();
    await expect(page.getByRole("link", { name: "I'm a Freelancer" })).toHaveAttribute("href", "/freelancers");
    await expect(page.getByRole("link", { name: "I'm an Agency / Business" })).toHaveAttribute("href", "/agencies");
    const video = page.locator("video");
    await expect(video).toHaveAttribute("poster", homeHero.video.poster);
    const state = await video.evaluate((el: HTMLVideoElement) => ({
      loop: el.loop, muted: el.muted, autoplay: el.autoplay, playsInline: el.playsInline, sources: el.querySelectorAll("source").length,
    }));
    expect(state).toEqual({ loop: true, muted: true, autoplay: true, playsInline: true, sources: 2 });
    const box = await page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1);
  });

  test("every section with its content", async ({ visitorTab: page }) => {
    for (const heading of sectionHeadings) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    for (const card of [...pillars.cards, ...sectorsWeSupport.cards, ...freelancerSupport.cards]) {
      await expect(page.getByRole("heading", { level: 3, name: card.title })).toBeVisible();
    }
    expect(freelancerSupport.cards.map((c) => c.title)).toEqual(["Healthcare", "Construction", "Logistics", "Engineering", "IT & Technology", "Industrial"]);
    const countryList = page.getByRole("region", { name: countries.heading }).getByRole("listitem");
    await expect(countryList).toHaveCount(4);
    for (const country of countries.list) {
      const item = countryList.filter({ hasText: country.name });
      await item.scrollIntoViewIfNeeded();
      await expect(item.locator("img")).toHaveJSProperty("complete", true);
      expect(await item.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    const steps = page.getByRole("region", { name: howItWorks.heading }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    const quotes = page.getByRole("region", { name: homeTestimonials.heading }).locator("figure");
    await expect(quotes).toHaveCount(2);
    for (const testimonial of homeTestimonials.items) {
      await expect(quotes.filter({ hasText: testimonial.quote }).getByText(testimonial.author.charAt(0), { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("region", { name: homeCta.heading }).getByRole("link", { name: "Get Started Today" })).toHaveAttribute("href", "/contact");
  });
});

test("reduced motion shows the hero poster instead of the video", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("video")).toHaveCount(0);
  await expect(page.locator(`img[src="${homeHero.video.poster}"]`)).toBeAttached();
  await context.close();
});

test("turning reduced motion on while the page is open swaps the hero video for its poster, and off brings it back", async ({ page }) => {
  await page.goto("/");
  const video = page.locator("video");
  const poster = page.locator(`img[src="${homeHero.video.poster}"]`);
  const playedTo = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  // Playing before the swap: taken out of the page, the browser pauses it.
  await expect.poll(playedTo).toBeGreaterThan(0);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(video).toHaveCount(0);
  await expect(poster).toBeAttached();

  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect(video).toBeAttached();
  await expect(poster).toHaveCount(0);
  // Back, and playing on from where it was.
  const backAt = await playedTo();
  await expect.poll(playedTo).toBeGreaterThan(backAt);
});
