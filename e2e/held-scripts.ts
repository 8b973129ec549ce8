import type { Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

/**
 * Holds every JavaScript asset of the site (`/assets/*.js`) until `release()`,
 * so a test can use the page as a visitor does between the first paint and the
 * moment the page's code arrives: the HTML, its inline CSS and its inline head
 * scripts are there; nothing else is. `release()` lets them through and waits
 * for the page and its forms to hydrate.
 */
export async function holdScripts(page: Page) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  return {
    /** How many script requests were held so far. */
    held: () => held,
    release: async () => {
      open();
      await waitForHydration(page);
    },
  };
}

/**
 * Counts the main frame's document requests after the first: a native post or a
 * reload would be one (a move inside the app, which only changes the history, is not).
 */
export function countPageLoads(page: Page) {
  let loads = -1;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}
