import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

/**
 * Holds every JavaScript asset of the site (`/assets/*.js`) until `release()`,
 * so a test can use the page as a visitor does between the first paint and the
 * moment the page's code arrives: the pre-rendered HTML, its inline CSS and its
 * inline scripts (the notices', the forms' and content protection's head
 * script, Astro's island loader) are there; nothing else is: no custom element
 * is defined and every island keeps its `ssr` attribute (a press on its form
 * is answered by the forms' head script, app/head/early-forms.ts). `release()` lets them through and waits for the
 * page's custom elements to be defined and its islands to hydrate.
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
    /** Lets the held scripts go without waiting for anything: the page may have been left by a native post. */
    letThrough: () => open(),
  };
}

/**
 * Opens `path` while the scripts are held, and returns once the browser has the
 * whole document: parsed and painted. Not at `domcontentloaded`, which waits
 * for the page's module script, held here; the document's parsing ends before
 * that (its `readyState` is "interactive" while deferred scripts wait).
 */
export async function gotoEarly(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForFunction(() => document.readyState !== "loading");
}

/**
 * Counts the main frame's document requests after the first: a native post, a
 * followed link or a reload is one (a press that stays on the page, such as a
 * form the browser refused or one its script answers in place, is not).
 */
export function countPageLoads(page: Page) {
  let loads = -1;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/**
 * The custom elements of the page (or only `tags`) that are not defined yet:
 * all of them, while the page's module script has not run. Astro's own
 * `astro-island`, defined by an inline script, is not the page's code.
 */
export function undefinedElements(page: Page, tags?: readonly string[]) {
  return page.evaluate(
    (only) =>
      [...new Set([...document.querySelectorAll("*")].map((element) => element.localName))]
        .filter((tag) => tag.includes("-") && !tag.startsWith("astro-") && (!only || only.includes(tag)))
        .filter((tag) => !customElements.get(tag))
        .sort(),
    tags ?? null,
  );
}

/** The page's code has not run: none of its custom elements is defined, and none of its islands has hydrated. */
export async function expectPageCodeNotRun(page: Page) {
  const state = await page.evaluate(() => ({
    defined: [...new Set([...document.querySelectorAll("*")].map((element) => element.localName))].filter(
      (tag) => tag.includes("-") && !tag.startsWith("astro-") && customElements.get(tag) !== undefined,
    ),
    hydrated: document.querySelectorAll("astro-island:not([ssr])").length,
  }));
  expect(state).toEqual({ defined: [], hydrated: 0 });
}
