import { acknowledgeBanners, expectNoAxeViolations, test } from "./fixtures";
import { sitePages, unlistedPages } from "../app/data/pages";

// Every shipped route, plus both not-found pages, with the banners both shown and dismissed.
for (const path of [...sitePages, ...unlistedPages, "/no-such-page", "/services/no-such-service"]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await acknowledgeBanners(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
  });
}

test("axe finds no violations with both banners showing", async ({ page }) => {
  // The banners come after hydration, and axe then checks the home page whole: about 10 s alone, more under a full run's load.
  test.slow();
  await page.goto("/");
  await page.getByRole("region", { name: "Disclaimer" }).waitFor();
  await expectNoAxeViolations(page);
});
