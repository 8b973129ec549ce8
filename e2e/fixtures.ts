import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page, type TestInfo } from "@playwright/test";

/** Banners dismissed, as for a returning visitor, unless a test wants them. */
export async function acknowledgeBanners(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookiesAccepted", "true");
    window.localStorage.setItem("disclaimerAccepted", "true");
  });
}

/** Runs axe-core (WCAG 2.x A and AA, best practices) and expects no violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Only violations are asserted: the passes' node details, on a long page, are most of what it sends back.
    .options({ resultTypes: ["violations"] })
    // axe.run in the page itself: the default runs each frame apart and merges the results in a new
    // blank page, a renderer and axe's 0.5 MB loaded again per check, a third of the check's time.
    // The site has no frames, so nothing goes unchecked.
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/**
 * Whether the control is expanded as a screen reader is told: Chromium's own
 * accessibility tree, not an attribute. A `popovertarget` button is exposed as
 * expanded while its popover is open, with no aria-expanded of the page's;
 * undefined where the browser exposes no such state.
 */
export async function accessibleExpanded(control: Locator): Promise<boolean | undefined> {
  const page = control.page();
  const cdp = await page.context().newCDPSession(page);
  try {
    // The element as a remote object, the handle the accessibility domain takes.
    await control.evaluate((element) => ((window as unknown as { __axProbe?: Element }).__axProbe = element));
    const { result } = await cdp.send("Runtime.evaluate", { expression: "window.__axProbe" });
    await page.evaluate(() => delete (window as unknown as { __axProbe?: Element }).__axProbe);
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { objectId: result.objectId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded");
    return expanded === undefined ? undefined : expanded.value.value === true;
  } finally {
    await cdp.detach();
  }
}

/** Fetches a path's raw pre-rendered HTML, as a crawler or a browser without JavaScript sees it. */
export async function rawHtml(request: { get: (url: string) => Promise<{ status(): number; text(): Promise<string> }> }, path: string) {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}

/**
 * Waits until the page is as a visitor finds it once its code has run: every
 * island has hydrated (Astro removes an island's `ssr` attribute when it has;
 * all of the site's hydrate on load), and every custom element on the page is
 * defined. Pages without any (a text file, a plain 404) are not waited for.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelectorAll("astro-island[ssr]").length === 0 &&
      [...document.querySelectorAll("*")].every((element) => !element.localName.includes("-") || element.localName.startsWith("astro-") || customElements.get(element.localName)),
    undefined,
    { timeout: 15_000 },
  );
}

/** Keeps the page as it stands, in the failed test's folder under test-results/. */
export async function screenshotOnFailure(page: Page, testInfo: TestInfo) {
  if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
  const path = testInfo.outputPath("test-failed-1.png");
  const taken = await page.screenshot({ path, timeout: 5_000 }).then(() => true, () => false);
  if (taken) await testInfo.attach("screenshot", { path, contentType: "image/png" });
}

/** goto() and reload() return once the page has hydrated, as a visitor would find it; with JavaScript off, once it has loaded. */
function settleNavigations(page: Page, javaScriptEnabled: boolean) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settled = () => (javaScriptEnabled ? waitForHydration(page) : Promise.resolve());
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    await settled();
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await settled();
    return response;
  };
}

/**
 * `page`: every test's own page, in a browser context of its own; navigations
 * settle as above. A test that fails keeps the page's screenshot (the config's
 * own screenshot option is off: it photographs every page of every test as its
 * context closes, and throws the picture away if the test passed).
 *
 * `visitorTab`: one tab per worker, made with the project's device, banners
 * acknowledged, that goes from test to test as a visitor's tab goes from page
 * to page: a new context and page cost about 0.3 s of every test. Only for a
 * test that visits pages and reads or presses them: each test loads its own
 * page first, and leaves no clock, route, listener, storage or cookie behind.
 */
export const test = base.extend<{ visitorTab: Page }, { workerTab: Page }>({
  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    settleNavigations(page, javaScriptEnabled !== false);
    await use(page);
    await screenshotOnFailure(page, testInfo);
  },
  workerTab: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
      const page = await context.newPage();
      settleNavigations(page, true);
      await acknowledgeBanners(page);
      await use(page);
      await context.close();
    },
    { scope: "worker" },
  ],
  visitorTab: async ({ workerTab }, use, testInfo) => {
    await use(workerTab);
    await screenshotOnFailure(workerTab, testInfo);
  },
});
export { expect };
