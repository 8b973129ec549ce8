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

export const test = base;
export { expect };
