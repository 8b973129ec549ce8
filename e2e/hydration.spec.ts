import { acknowledgeBanners, expect, test } from "./fixtures";
import { sitePages } from "../app/data/pages";

// A hydration mismatch in an island, a CSP refusal or a failed request shows up as a console
// error: every page must load without one, including not-found pages served at
// other URLs than the one they were pre-rendered for.
for (const path of [...sitePages, "/no/such/page"]) {
  test(`${path} hydrates with no console errors`, async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await acknowledgeBanners(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Its islands hydrated and its custom elements are defined (goto waits for both).
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
    expect(await page.locator("astro-island[client=load][ssr]").count()).toBe(0);
    expect(problems).toEqual([]);
  });
}
