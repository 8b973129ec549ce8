import type { Browser, Locator, Page } from "@playwright/test";
import { acknowledgeBanners, expect, expectNoAxeViolations, rawHtml, test } from "./fixtures";
import { aboutCopy } from "../app/data/about";
import { CAROUSEL_AUTOPLAY_MS } from "../app/data/constants";
import { paths } from "../app/data/paths";
import { lastBuild } from "../contract/built-pages";
import { carouselCopy, shellEntries } from "../app/data/shell.test-support";
import type { Action, PageMeta } from "../app/data/types";
import { readEntry } from "../scripts/build/content-files";

const site = shellEntries.brand;

// Each page's entries, as its route file reads them (app/content.config.ts).
const { aboutHero, complianceAndVetting, ourMission, ourStory, ourValues, ourVision } = aboutCopy(readEntry("about.md"));
const freelancersFaq = readEntry("faqs/*.yaml", "freelancers");
const agenciesFaq = readEntry("faqs/*.yaml", "agencies");
const { hero: agenciesHero, whatWeOffer, partnershipProcess, cta: agenciesCta } = readEntry("pages/agencies.yaml");
const { hero: freelancersHero, whyChooseUs, servicesForFreelancers, howItWorks: freelancersHowItWorks, cta: getIntroduced } = readEntry("pages/freelancers.yaml");
const agencyTestimonials = readEntry("testimonials/agencies.yaml");
const freelancersMeta: PageMeta = { ...readEntry("meta/*.yaml", "freelancers"), path: paths.freelancers };
const agenciesMeta: PageMeta = { ...readEntry("meta/*.yaml", "agencies"), path: paths.agencies };
const aboutMeta: PageMeta = { ...readEntry("meta/*.yaml", "about"), path: paths.about };

interface AudiencePage {
  meta: PageMeta;
  h1: string;
  headings: string[];
  /** Every button on the page, by its visible label. */
  buttons: Action[];
  /** Texts that must be in the pre-rendered HTML, carousel slides included. */
  texts: string[];
}

const pages: AudiencePage[] = [
  {
    meta: aboutMeta,
    h1: aboutHero.title,
    headings: [ourStory.heading, ourMission.heading, ourVision.heading, ourValues.heading, complianceAndVetting.heading],
    buttons: [...aboutHero.actions, ...complianceAndVetting.actions],
    texts: [...ourStory.paragraphs, ...ourVision.paragraphs, ...ourValues.cards.map((c) => c.title), ...complianceAndVetting.cards.map((c) => c.text)],
  },
  {
    meta: freelancersMeta,
    h1: freelancersHero.title,
    headings: [whyChooseUs.heading, servicesForFreelancers.heading, freelancersHowItWorks.heading, freelancersFaq.heading, getIntroduced.heading],
    buttons: [...freelancersHero.actions, ...getIntroduced.actions],
    texts: [
      ...whyChooseUs.cards.map((c) => c.text),
      ...servicesForFreelancers.cards.map((c) => c.text),
      ...freelancersHowItWorks.steps.map((s) => s.title),
      ...freelancersFaq.items.map((i) => i.answer),
    ],
  },
  {
    meta: agenciesMeta,
    h1: agenciesHero.title,
    headings: [whatWeOffer.heading, partnershipProcess.heading, agenciesFaq.heading, agencyTestimonials.heading, agenciesCta.heading],
    buttons: [...agenciesHero.actions, ...agenciesCta.actions],
    texts: [
      ...whatWeOffer.cards.map((c) => c.text),
      ...partnershipProcess.steps.map((s) => s.title),
      ...agenciesFaq.items.map((i) => i.answer),
      ...agencyTestimonials.items.flatMap((t) => [t.quote, t.author]),
    ],
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

for (const { meta, h1, headings, buttons, texts } of pages) {
  test(`the raw HTML of ${meta.path} holds its heading, sections, slides and sharing tags`, async ({ request }) => {
    const { status, html } = await rawHtml(request, meta.path);
    expect(status).toBe(200);
    const title = escapeHtml(`${meta.title} | ${site.name}`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(h1))}</h1>`));
    for (const heading of headings) expect(html).toMatch(new RegExp(`<h2[^>]*>${escapeRegExp(escapeHtml(heading))}</h2>`));
    for (const text of texts) expect(html).toContain(escapeHtml(text));
    // A void element's end is ">" or "/>", as the HTML writer pleases.
    expect(html).toContain(`<meta name="description" content="${escapeHtml(meta.description)}"`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${meta.path}"/?>`));
    expect(html).toContain(`<meta property="og:title" content="${title}"`);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+${meta.path}"/?>`));
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.jpg"\/?>/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/?>/);
  });

  test(`${meta.path}: one h1, every section and every button's destination`, async ({ page }) => {
    await acknowledgeBanners(page);
    await page.goto(meta.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
    for (const heading of headings) {
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    }
    const main = page.getByRole("main");
    for (const button of buttons) {
      await expect(main.getByRole("link", { name: button.label, exact: true })).toHaveAttribute("href", button.href);
    }
  });
}

test("about: values, compliance checks and the vision", async ({ page }) => {
  await acknowledgeBanners(page);
  await page.goto(paths.about);
  const values = page.getByRole("region", { name: ourValues.heading });
  await expect(values.getByRole("heading", { level: 3 })).toHaveText(["Trust", "Transparency", "Partnership"]);
  await expect(page.getByRole("region", { name: ourVision.heading })).toContainText("UK's number one marketplace for freelance opportunities and services");
  const compliance = page.getByRole("region", { name: complianceAndVetting.heading });
  await expect(compliance.getByRole("listitem")).toHaveCount(complianceAndVetting.cards.length);
  await compliance.getByRole("link", { name: "Speak to the Team" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test.describe("FAQ accordions", () => {
  for (const { path, heading, items } of [
    { path: paths.freelancers, heading: freelancersFaq.heading, items: freelancersFaq.items },
    { path: paths.agencies, heading: agenciesFaq.heading, items: agenciesFaq.items },
  ]) {
    test(`${path}: one answer open at a time; the open question closes it`, async ({ page }) => {
      await acknowledgeBanners(page);
      await page.goto(path);
      const faq = page.getByRole("region", { name: heading, exact: true });
      await expect(faq.getByRole("heading", { level: 3 })).toHaveCount(items.length);
      for (const item of items) await expect(faq.getByText(item.answer)).toBeHidden();

      const first = faq.getByRole("heading", { name: items[0]!.question });
      const second = faq.getByRole("heading", { name: items[1]!.question });
      await first.click();
      await expect(faq.getByText(items[0]!.answer)).toBeVisible();

      await second.click();
      await expect(faq.getByText(items[0]!.answer)).toBeHidden();
      await expect(faq.getByText(items[1]!.answer)).toBeVisible();

      await second.click();
      for (const item of items) await expect(faq.getByText(item.answer)).toBeHidden();

      // Keyboard works too: focus is left on the question's summary.
      await page.keyboard.press("Enter");
      await expect(faq.getByText(items[1]!.answer)).toBeVisible();
    });
  }
});

// ---- Carousels ----

const copy = carouselCopy;

/** The labels ("n of N") of the slides fully inside the carousel's window, left to right. */
function shownSlides(carousel: Locator): Promise<string[]> {
  return carousel.evaluate((root) => {
    const slides = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
    const windowBox = slides[0]!.parentElement!.parentElement!.getBoundingClientRect();
    return slides
      .map((slide) => ({ label: slide.getAttribute("aria-label")!, box: slide.firstElementChild!.getBoundingClientRect() }))
      .filter(({ box }) => box.left >= windowBox.left - 1 && box.right <= windowBox.right + 1)
      .sort((a, b) => a.box.left - b.box.left)
      .map(({ label }) => label);
  });
}

/** Embla has started once it marks the slides out of view as hidden. */
async function expectStarted(carousel: Locator) {
  await expect(carousel.locator('[aria-roledescription="slide"][aria-hidden="true"]').first()).toBeAttached();
}

/** Scrolls the carousel into view, which loads Embla if it is not there yet, and waits until it has started. */
async function waitForCarousel(carousel: Locator) {
  await carousel.scrollIntoViewIfNeeded();
  await expectStarted(carousel);
}

async function firstShown(carousel: Locator) {
  return (await shownSlides(carousel))[0];
}

/** From now on, whether the page has fetched Embla's code ("containScroll", one of its option names, survives minification). */
function watchForEmbla(page: Page) {
  const fetched: Promise<boolean>[] = [];
  page.on("response", (response) => {
    if (!/^\/assets\/.+\.js$/.test(new URL(response.url()).pathname)) return;
    fetched.push(response.text().then((body) => body.includes("containScroll"), () => false));
  });
  return async () => (await Promise.all(fetched)).some(Boolean);
}

/** The label of the slide `steps` on from `label` (the copy's slide label: its position, then the total), wrapping round. */
function slideAfter(label: string, steps = 1): string {
  const [position, total] = (label.match(/\d+/g) ?? []).map(Number) as [number, number];
  return copy.slideLabel(((position - 1 + steps) % total) + 1, total);
}

/** The first slide shown once the carousel has stopped moving: the same in two reads a quarter of a second apart. */
async function settledFirstShown(carousel: Locator): Promise<string> {
  let previous: string | undefined;
  await expect
    .poll(
      async () => {
        const now = await firstShown(carousel);
        const still = now !== undefined && now === previous;
        previous = now;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return previous!;
}

/** Long enough for a move Embla has started to land: its animation runs on the page's frames. */
const MOVE_MS = 900;

/**
 * Stops the page's clock before it loads: autoplay's timers and Embla's frames then run
 * only when the test moves the clock on (`page.clock.runFor`), so an interval is checked
 * to the frame, however busy the machine.
 */
async function pauseClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/**
 * Moves the paused clock on to just before `carousel`'s next autoplay move, `intervalMs`
 * after its last (`sinceMs` ago), and checks it has not moved; then past it, and checks it
 * moved one slide on. Returns how long ago that move began.
 */
async function expectAutoplayMove(page: Page, carousel: Locator, intervalMs: number, sinceMs = 0): Promise<number> {
  const from = (await firstShown(carousel))!;
  await page.clock.runFor(intervalMs - sinceMs - 100);
  expect(await firstShown(carousel)).toBe(from);
  await page.clock.runFor(100 + MOVE_MS);
  expect(await firstShown(carousel)).toBe(slideAfter(from));
  return MOVE_MS;
}

/** Moves the paused clock on past two intervals and a move, and checks the carousel stayed where it was. */
async function expectNoAutoplay(page: Page, carousel: Locator, intervalMs: number) {
  const at = await firstShown(carousel);
  await page.clock.runFor(2 * intervalMs + MOVE_MS);
  expect(await firstShown(carousel)).toBe(at);
}

/** Moves the mouse off the carousel and focus out of it. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(2, 2);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function openCarousel(page: Page, path: string, label: string) {
  await acknowledgeBanners(page);
  await page.goto(path);
  const carousel = page.getByRole("region", { name: label });
  await waitForCarousel(carousel);
  return carousel;
}

test.describe("carousels", () => {
  test("every slide is labelled 'n of N' and the controls are named", async ({ page }) => {
    const carousel = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const total = whyChooseUs.cards.length;
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(total);
    for (let n = 1; n <= total; n += 1) {
      await expect(slides.nth(n - 1)).toHaveAttribute("role", "group");
      await expect(slides.nth(n - 1)).toHaveAttribute("aria-label", `${n} of ${total}`);
    }
    for (const name of [copy.previous, copy.next, copy.pause]) await expect(carousel.getByRole("button", { name })).toBeVisible();
  });

  test("slides shown: 1 on a phone, 2 from 768 px, 3 from 1024 px; testimonials at most 2", { tag: "@phone" }, async ({ page }) => {
    const cards = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    const width = page.viewportSize()!.width;
    const expected = (w: number, max: number) => Math.min(w >= 1024 ? 3 : w >= 768 ? 2 : 1, max);
    // Polled: caught mid-move (autoplay), a window holds no whole slide for a moment.
    await expect.poll(() => shownSlides(cards).then((s) => s.length)).toBe(expected(width, 3));
    for (const w of [700, 900, 1280]) {
      await page.setViewportSize({ width: w, height: 800 });
      await expect.poll(() => shownSlides(cards).then((s) => s.length)).toBe(expected(w, 3));
    }

    await page.setViewportSize({ width, height: 800 });
    const quotes = await openCarousel(page, paths.agencies, agencyTestimonials.carouselLabel);
    await expect.poll(() => shownSlides(quotes).then((s) => s.length)).toBe(expected(width, 2));
    for (const w of [700, 900, 1280]) {
      await page.setViewportSize({ width: w, height: 800 });
      await expect.poll(() => shownSlides(quotes).then((s) => s.length)).toBe(expected(w, 2));
    }
  });

  test("the slides sit exactly where they were before the script started (no layout shift)", async ({ page, browser }) => {
    const viewport = page.viewportSize()!;
    const measure = (p: Page) =>
      p.getByRole("region", { name: whyChooseUs.carouselLabel }).evaluate((root) =>
        [...root.querySelectorAll('[aria-roledescription="slide"]')].slice(0, 2).map((slide) => {
          const box = slide.firstElementChild!.getBoundingClientRect();
          return [Math.round(box.left), Math.round(box.width), Math.round(box.height), Math.round(root.getBoundingClientRect().height)];
        }),
      );
    const staticPage = await (browser as Browser).newContext({ javaScriptEnabled: false, viewport });
    const noScript = await staticPage.newPage();
    await noScript.goto(paths.freelancers);
    const before = await measure(noScript);
    await staticPage.close();

    await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    expect(await measure(page)).toEqual(before);
  });

  test("autoplay moves one slide on after each interval; each carousel keeps its own", async ({ page }) => {
    await pauseClock(page);
    const why = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    await expect(why.getByRole("button", { name: copy.pause })).toBeVisible();
    await expect(why.locator('[aria-live="off"]')).toHaveCount(1);
    const services = page.getByRole("region", { name: servicesForFreelancers.carouselLabel });
    // Both start on the paused clock, at the same moment: each then keeps its own interval.
    await waitForCarousel(services);
    await leaveCarousel(page);
    const [whyFrom, servicesFrom] = [(await firstShown(why))!, (await firstShown(services))!];
    const expectShown = async (at: number, whyMoves: number, servicesMoves: number) => {
      await page.clock.runFor(at - elapsed);
      elapsed = at;
      expect([await firstShown(why), await firstShown(services)], `${at} ms after they started`).toEqual([
        slideAfter(whyFrom, whyMoves),
        slideAfter(servicesFrom, servicesMoves),
      ]);
    };
    let elapsed = 0;
    const [whyMs, servicesMs] = [CAROUSEL_AUTOPLAY_MS.whyChooseUs, CAROUSEL_AUTOPLAY_MS.servicesForFreelancers];
    await expectShown(whyMs - 100, 0, 0);
    await expectShown(whyMs + MOVE_MS, 1, 0);
    await expectShown(servicesMs - 100, 1, 0);
    await expectShown(servicesMs + MOVE_MS, 1, 1);
    await expectShown(2 * whyMs - 100, 1, 1);
    await expectShown(2 * whyMs + MOVE_MS, 2, 1);

    const quotes = await openCarousel(page, paths.agencies, agencyTestimonials.carouselLabel);
    let since = 0;
    for (let move = 0; move < 2; move += 1) since = await expectAutoplayMove(page, quotes, CAROUSEL_AUTOPLAY_MS.testimonials, since);
  });

  test("autoplay carries on after the window changes width (Embla re-creates its plugins then)", async ({ page }) => {
    await pauseClock(page);
    const carousel = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    const { width, height } = page.viewportSize()!;
    await page.setViewportSize({ width: width - 40, height });
    // Embla re-creates the plugin once the browser has laid the new width out, at a moment of the
    // paused clock the test does not choose: the clock moves on a second at a time, less than a
    // landed slide rests (the interval less a move), so each one is seen, until two moves have come.
    for (let move = 0; move < 2; move += 1) {
      const from = await firstShown(carousel);
      await expect
        .poll(async () => {
          await page.clock.runFor(1000);
          return firstShown(carousel);
        })
        .toBe(slideAfter(from!));
    }
  });

  test("autoplay pauses while hovered and while focus is inside, and resumes after", async ({ page }) => {
    await pauseClock(page);
    const carousel = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    const interval = CAROUSEL_AUTOPLAY_MS.whyChooseUs;

    await carousel.locator('[aria-roledescription="slide"]').first().hover();
    await expectNoAutoplay(page, carousel, interval);
    await expect(carousel.locator('[aria-live="polite"]')).toHaveCount(1);
    await leaveCarousel(page);
    await expectAutoplayMove(page, carousel, interval);

    await carousel.getByRole("button", { name: copy.pause }).focus();
    await expectNoAutoplay(page, carousel, interval);
    await leaveCarousel(page);
    await expectAutoplayMove(page, carousel, interval);
  });

  test("the pause button stops autoplay until play is pressed (WCAG 2.2.2)", async ({ page }) => {
    await pauseClock(page);
    const carousel = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    await carousel.getByRole("button", { name: copy.pause }).click();
    await expect(carousel.getByRole("button", { name: copy.play })).toBeVisible();
    await leaveCarousel(page);
    await expectNoAutoplay(page, carousel, CAROUSEL_AUTOPLAY_MS.whyChooseUs);
    await expect(carousel.locator('[aria-live="polite"]')).toHaveCount(1);

    await carousel.getByRole("button", { name: copy.play }).click();
    await expect(carousel.getByRole("button", { name: copy.pause })).toBeVisible();
    await leaveCarousel(page);
    await expectAutoplayMove(page, carousel, CAROUSEL_AUTOPLAY_MS.whyChooseUs);
  });

  test("previous and next buttons and the arrow keys move one slide, wrapping round", async ({ page }) => {
    const carousel = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    const next = carousel.getByRole("button", { name: copy.next });
    const previous = carousel.getByRole("button", { name: copy.previous });
    // Autoplay may have moved on since the carousel started; under the pointer it holds still. Back to the first slide.
    await next.hover();
    for (let presses = 0; (await settledFirstShown(carousel)) !== "1 of 5" && presses < 5; presses += 1) await next.click();
    await next.click();
    await expect.poll(() => firstShown(carousel)).toBe("2 of 5");
    await previous.click();
    await expect.poll(() => firstShown(carousel)).toBe("1 of 5");
    await previous.click();
    await expect.poll(() => firstShown(carousel)).toBe("5 of 5");
    // Focus is on a control inside the carousel: the arrow keys drive it.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => firstShown(carousel)).toBe("1 of 5");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => firstShown(carousel)).toBe("2 of 5");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => firstShown(carousel)).toBe("1 of 5");
    // Off-screen slides are hidden from screen readers; the shown ones are not.
    const shown = await shownSlides(carousel);
    for (const label of shown) await expect(carousel.getByRole("group", { name: label, exact: true })).toBeVisible();
    await expect(carousel.getByRole("group")).toHaveCount(shown.length);
  });

  test("while Embla is still downloading the carousel offers no button; once it runs they show in their place and work", async ({ page }) => {
    // Hold Embla back: until it arrives, a button could only do nothing.
    await pauseClock(page);
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes("containScroll")) await held;
      await route.fulfill({ response });
    });
    await acknowledgeBanners(page);
    await page.goto(paths.agencies);
    const carousel = page.getByRole("region", { name: agencyTestimonials.carouselLabel });
    await carousel.scrollIntoViewIfNeeded();
    const pause = carousel.getByRole("button", { name: copy.pause, includeHidden: true });
    const next = carousel.getByRole("button", { name: copy.next, includeHidden: true });
    await expect(pause).toBeHidden();
    await expect(next).toBeHidden();
    const place = () => next.evaluate((button) => Math.round(button.getBoundingClientRect().top + window.scrollY));
    const before = await place();
    release();
    await expectStarted(carousel);
    expect(await place()).toBe(before);
    await pause.click();
    await expect(carousel.getByRole("button", { name: copy.play })).toBeVisible();
    await next.click();
    await page.clock.runFor(MOVE_MS);
    expect(await firstShown(carousel)).toBe("2 of 3");
    // Paused: nothing moves on by itself.
    await leaveCarousel(page);
    await expectNoAutoplay(page, carousel, CAROUSEL_AUTOPLAY_MS.testimonials);
    // A script the page fetches late (the analytics beacon, once the browser is idle) may still be
    // in the handler's fetch: left there, it fails as the test closes, and is reported against the next test.
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("a swipe moves to the next slide", { tag: "@phone" }, async ({ page }) => {
    const carousel = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
    await carousel.getByRole("button", { name: copy.pause }).click();
    const box = (await carousel.locator('[aria-roledescription="slide"]').first().boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 20, y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1) await page.mouse.move(box.x + box.width - 20 - step * 30, y);
    await page.mouse.up();
    await expect.poll(() => firstShown(carousel)).toBe("2 of 5");
  });

  test("reduced motion: no autoplay, and the buttons jump without animating", async ({ browser, page }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: page.viewportSize()! });
    const reduced = await context.newPage();
    await pauseClock(reduced);
    await acknowledgeBanners(reduced);
    await reduced.goto(paths.freelancers);
    const carousel = reduced.getByRole("region", { name: whyChooseUs.carouselLabel });
    await waitForCarousel(carousel);
    await expect(carousel.getByRole("button", { name: copy.play })).toBeVisible();
    await expect(carousel.locator('[aria-live="polite"]')).toHaveCount(1);
    expect(await firstShown(carousel)).toBe("1 of 5");
    await expectNoAutoplay(reduced, carousel, CAROUSEL_AUTOPLAY_MS.whyChooseUs);

    await carousel.getByRole("button", { name: copy.next }).click();
    // Within a few frames of the page's clock it is already there: a jump, not a scroll (which takes
    // hundreds of ms). A frame at a time: one full run in six read it after two frames, not yet moved.
    let shown = await firstShown(carousel);
    for (let frame = 0; frame < 6 && shown !== "2 of 5"; frame += 1) {
      await reduced.clock.runFor(16);
      shown = await firstShown(carousel);
    }
    expect(shown).toBe("2 of 5");
    await context.close();
  });
});

test.describe("Embla's code", () => {
  test("no page loads it up front: not in the scripts its HTML names, nor in what they import", async ({ request }) => {
    for (const path of lastBuild().listed) {
      const { html } = await rawHtml(request, path);
      const queue = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
      const seen = new Set(queue);
      while (queue.length > 0) {
        const body = await (await request.get(queue.shift()!)).text();
        expect(body, `${path} loads Embla before interaction`).not.toContain("containScroll");
        for (const [, file] of body.matchAll(/(?:import|from)\s*"\.\/([\w.-]+\.js)"/g)) {
          if (!seen.has(`/assets/${file}`)) {
            seen.add(`/assets/${file}`);
            queue.push(`/assets/${file}`);
          }
        }
      }
    }
  });

  test("it is fetched once a carousel comes within a screen's height of the view, and not before", async ({ page }) => {
    await acknowledgeBanners(page);
    const fetchedEmbla = watchForEmbla(page);
    await page.goto(paths.agencies);
    const carousel = page.getByRole("region", { name: agencyTestimonials.carouselLabel });
    const distance = () => carousel.evaluate((root) => root.getBoundingClientRect().top - window.innerHeight);
    // The testimonials start more than two screens down, on a phone and on a desktop.
    expect(await distance()).toBeGreaterThan(page.viewportSize()!.height);
    await page.waitForLoadState("networkidle");
    expect(await fetchedEmbla()).toBe(false);
    await expect(carousel.locator('[aria-roledescription="slide"][aria-hidden="true"]')).toHaveCount(0);

    // Half a screen short of the view: Embla arrives before the carousel shows.
    await page.evaluate((by) => window.scrollBy(0, by), (await distance()) - page.viewportSize()!.height / 2);
    await expect.poll(fetchedEmbla).toBe(true);
    await expectStarted(carousel);
    expect(await distance()).toBeGreaterThan(0);
  });

  test("pages without a carousel never fetch it, even scrolled to the end", async ({ page }) => {
    await acknowledgeBanners(page);
    const fetchedEmbla = watchForEmbla(page);
    for (const path of [paths.home, paths.about, paths.services, paths.contact]) {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Two frames: the visibility observers have run, and anything they start has been asked for.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    // A request asked for on any of the pages has reached this test well within this.
    await page.waitForTimeout(1000);
    expect(await fetchedEmbla()).toBe(false);
  });
});

test("axe finds no violations with a carousel paused, off-screen slides hidden and an answer open", async ({ page }) => {
  const carousel = await openCarousel(page, paths.freelancers, whyChooseUs.carouselLabel);
  await carousel.getByRole("button", { name: copy.pause }).click();
  await carousel.getByRole("button", { name: copy.next }).click();
  await page.getByRole("heading", { name: freelancersFaq.items[0]!.question }).click();
  await expectNoAxeViolations(page);
});
