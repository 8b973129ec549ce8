import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures";
import { lastBuild } from "../contract/built-pages";
import { paths, serviceSlugs } from "../app/data/paths";

const { listed: sitePages, unlisted: unlistedPages } = lastBuild();

// Routes built from the same template as one checked on the phone: the desktop checks them all.
const phoneLayoutCheckedElsewhere = new Set<string>([
  ...serviceSlugs.slice(1).map(paths.serviceCategory),
  paths.termsConditions,
  paths.cookiePolicy,
  paths.newsletterUnsubscribe,
  paths.newsletterSubscribed,
  paths.sendExpired,
  paths.sendUsed,
  paths.sendInvalid,
  "/services/no-such-service",
]);

// The routes are checked in the worker's visitor tab (fixtures.ts), as a visitor's tab goes from
// route to route: a browser context for each of some fifty routes cost about two thirds of this
// file's time (193 s of tests against 63 s).

// Every shipped route, plus both not-found pages (served at other URLs than the one they were
// pre-rendered for): no console error (a hydration mismatch in an island, a CSP refusal or a
// failed request shows up as one) and no axe violation. The phone, whose layout differs, checks
// each page template once.
for (const path of [...sitePages, ...unlistedPages, "/no-such-page", "/services/no-such-service"]) {
  const tag = phoneLayoutCheckedElsewhere.has(path) ? [] : ["@phone"];
  test(`${path} loads with no console errors and axe finds no violations`, { tag }, async ({ visitorTab: page }) => {
    // The home page is the largest and checks slowest.
    if (path === "/") test.slow();
    const problems: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
    };
    const onPageError = (error: Error) => problems.push(error.message);
    page.on("console", onConsole);
    page.on("pageerror", onPageError);
    try {
      // Steps, so a slow run's report says which part took the time.
      await test.step("load", async () => {
        await page.goto(path);
        await waitForHydration(page);
      });
      await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
      expect(await page.locator("astro-island[client=load][ssr]").count()).toBe(0);
      expect(problems).toEqual([]);
      await test.step("axe", () => expectNoAxeViolations(page));
    } finally {
      page.off("console", onConsole);
      page.off("pageerror", onPageError);
    }
  });
}

test("axe finds no violations with both banners showing", { tag: "@phone" }, async ({ page }) => {
  // A first visit: the banners come after hydration, and axe then checks the home page whole.
  test.slow();
  await page.goto("/");
  await page.getByRole("region", { name: "Disclaimer" }).waitFor();
  await expectNoAxeViolations(page);
});
