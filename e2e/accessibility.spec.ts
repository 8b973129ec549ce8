import { acknowledgeBanners, expectNoAxeViolations, test } from "./fixtures";
import { sitePages, unlistedPages } from "../app/data/pages";

// Every shipped route, plus both not-found pages, with the banners both shown and dismissed.
for (const path of [...sitePages, ...unlistedPages, "/no-such-page", "/services/no-such-service"]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    // The home page is the largest and checks slowest: 3.4 s alone, 8.5 s with the
    // machine's two cores three times oversubscribed, and once over 30 s in a CI run.
    if (path === "/") test.slow();
    await acknowledgeBanners(page);
    // Steps, so a slow run's report says which part took the time.
    await test.step("load", async () => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    });
    await test.step("axe", () => expectNoAxeViolations(page));
  });
}

test("axe finds no violations with both banners showing", async ({ page }) => {
  // The banners come after hydration, and axe then checks the home page whole: the slowest page, as above.
  test.slow();
  await page.goto("/");
  await page.getByRole("region", { name: "Disclaimer" }).waitFor();
  await expectNoAxeViolations(page);
});
