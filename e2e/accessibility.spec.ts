import { acknowledgeBanners, expect, expectNoAxeViolations, test } from "./fixtures";
import { lastBuild } from "../contract/built-pages";

const { listed: sitePages, unlisted: unlistedPages } = lastBuild();
import { paths, serviceSlugs } from "../app/data/paths";

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

// Every shipped route, plus both not-found pages (served at other URLs than the one they were
// pre-rendered for): no console error (a hydration mismatch in an island, a CSP refusal or a
// failed request shows up as one) and no axe violation. The phone, whose layout differs, checks
// each page template once.
for (const path of [...sitePages, ...unlistedPages, "/no-such-page", "/services/no-such-service"]) {
  const tag = phoneLayoutCheckedElsewhere.has(path) ? [] : ["@phone"];
  test(`${path} loads with no console errors and axe finds no violations`, { tag }, async ({ page }) => {
    // The home page is the largest and checks slowest.
    if (path === "/") test.slow();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await acknowledgeBanners(page);
    // Steps, so a slow run's report says which part took the time.
    await test.step("load", async () => {
      // goto returns once its islands have hydrated and its custom elements are defined.
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    });
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
    expect(await page.locator("astro-island[client=load][ssr]").count()).toBe(0);
    expect(problems).toEqual([]);
    await test.step("axe", () => expectNoAxeViolations(page));
  });
}

test("axe finds no violations with both banners showing", { tag: "@phone" }, async ({ page }) => {
  // The banners come after hydration, and axe then checks the home page whole: the slowest page, as above.
  test.slow();
  await page.goto("/");
  await page.getByRole("region", { name: "Disclaimer" }).waitFor();
  await expectNoAxeViolations(page);
});
