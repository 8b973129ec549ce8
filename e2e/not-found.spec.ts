import { expect, rawHtml, test } from "./fixtures";
import { readEntry } from "../scripts/build/content-files";

const copy = readEntry("pages/not-found.yaml");

test("an unknown path answers 404 with the not-found texts in its HTML", async ({ request }) => {
  const { status, html } = await rawHtml(request, "/no/such/page");
  expect(status).toBe(404);
  expect(html).toContain(copy.heading);
  expect(html).toContain(copy.text);
});

test("/home answers 301 to /", async ({ request }) => {
  const response = await request.get("/home", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/");
});

test("the not-found page offers a way back home", async ({ visitorTab: page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: copy.heading })).toBeVisible();
  await expect(page.getByText(copy.text)).toBeVisible();
  await page.getByRole("link", { name: copy.backHome }).click();
  await expect(page).toHaveURL(/\/$/);
});
