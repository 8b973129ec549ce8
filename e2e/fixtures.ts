import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

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
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/** Fetches a path's raw pre-rendered HTML, as a crawler or a browser without JavaScript sees it. */
export async function rawHtml(request: { get: (url: string) => Promise<{ status(): number; text(): Promise<string> }> }, path: string) {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}

/**
 * Waits until React has hydrated the page (app/lib/hydration-signal.ts) and
 * every form on it: the footer's newsletter form hydrates just after the page
 * (DeferredNewsletterForm), and React marks each element it has hydrated with
 * a `__reactFiber$…` property. The site starts its JavaScript after the first
 * paint, so the load event, which goto() and reload() wait for, can come
 * before the page is interactive. Pages without the app (a text file, a plain
 * 404) are not waited for.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      !("__reactRouterContext" in window) ||
      ((window as unknown as { __siteHydrated?: boolean }).__siteHydrated === true &&
        [...document.forms].every((form) => Object.keys(form).some((key) => key.startsWith("__reactFiber$")))),
    undefined,
    { timeout: 15_000 },
  );
}

/** Every test's page: goto() and reload() return once the page has hydrated, as a visitor would find it. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page["reload"]>) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});
export { expect };
