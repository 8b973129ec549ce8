import { acknowledgeBanners, expect, test } from "./fixtures";
import { answer, fillHoneypot, gated, mockLeadApi, UUID } from "./lead-api-mock";
import { STATUS_MESSAGE_MS } from "../app/data/constants";
import { newsletterFormCopy } from "../app/data/newsletter";
import { lastBuild } from "../contract/built-pages";
import type { Page } from "@playwright/test";
import { readEntry } from "../scripts/build/content-files";

const copy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const SUCCESS = "Thanks! Please check your email to confirm.";
const ERROR = "Please enter a valid email address.";

/**
 * The footer's form, scrolled to as a person does. Its code (`<newsletter-signup>`)
 * is defined with the page's script, which goto() waits for; what a press does
 * before it arrives is in first-tap-forms.spec.ts.
 */
async function seenNewsletter(page: Page) {
  const parts = newsletter(page);
  await parts.email.scrollIntoViewIfNeeded();
  return parts;
}

function newsletter(page: Page) {
  const form = page.getByRole("contentinfo").getByRole("form", { name: copy.heading });
  return {
    form,
    email: form.getByLabel(copy.emailLabel),
    submit: form.getByRole("button"),
    status: form.getByRole("status"),
  };
}

test.beforeEach(async ({ page }) => {
  await acknowledgeBanners(page);
});

test.describe("before any script", () => {
  // From the start: the pre-rendered HTML as the browser paints it, with no script run.
  test.use({ javaScriptEnabled: false });

  test("every page's footer has the sign-up: heading, labelled email input, button and a live region from the start", async ({ page }) => {
    for (const path of [...lastBuild().listed, "/no-such-page"]) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const { form, email, submit, status } = newsletter(page);
      await expect(form.getByRole("heading", { level: 2, name: copy.heading })).toBeVisible();
      await expect(email).toHaveAttribute("type", "email");
      await expect(email).toBeVisible();
      await expect(submit).toHaveText(copy.submit);
      await expect(status).toBeAttached();
      await expect(status).toHaveText("");
    }
  });
});

test("an empty or malformed address shows the error with no request, then returns to idle after 3 s", async ({ page }) => {
  const api = await mockLeadApi(page);
  await page.clock.install();
  await page.goto("/");
  const { email, submit, status } = await seenNewsletter(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await submit.click();
  await expect(status).toHaveText(ERROR);
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await page.clock.runFor(STATUS_MESSAGE_MS - 1);
  await expect(status).toHaveText(ERROR);
  await page.clock.runFor(2);
  await expect(status).toHaveText("");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");

  await email.fill("not-an-email");
  await submit.click();
  await expect(status).toHaveText(ERROR);
  expect(api.calls).toHaveLength(0);
});

test("success: loading while the answer is pending, then the message, the input cleared, and idle after 3 s", { tag: "@phone" }, async ({ page }) => {
  const api = await mockLeadApi(page);
  const pending = gated(answer.accepted());
  api.respond(pending.responder);
  await page.clock.install();
  await page.goto("/");
  const { email, submit, status } = await seenNewsletter(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await email.fill("ann@example.co.uk");
  await submit.click();
  await expect(submit).toHaveText(copy.submitting);
  await expect(submit).toBeDisabled();
  await expect(status).toHaveText("");
  // A second press while loading sends nothing more.
  await email.press("Enter");
  pending.release();

  await expect(status).toHaveText(SUCCESS);
  await expect(email).toHaveValue("");
  await expect(submit).toHaveText(copy.submit);
  await expect(submit).toBeEnabled();
  expect(api.calls).toHaveLength(1);
  await page.clock.runFor(STATUS_MESSAGE_MS - 1);
  await expect(status).toHaveText(SUCCESS);
  await page.clock.runFor(2);
  await expect(status).toHaveText("");
});

test("the request: multipart form data with exactly the email, and the anti-abuse headers for our own API", async ({ page }) => {
  const api = await mockLeadApi(page);
  const before = Date.now();
  await page.goto("/contact");
  const { email, submit, status } = await seenNewsletter(page);
  await email.fill("  ann@example.co.uk ");
  await submit.click();
  await expect(status).toHaveText(SUCCESS);

  const [call] = api.calls;
  expect(call?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(call?.entries).toEqual([["email", "ann@example.co.uk"]]);
  expect(call?.headers["idempotency-key"]).toMatch(UUID);
  const renderedAt = Number(call?.headers["x-form-rendered-at"]);
  expect(renderedAt).toBeGreaterThanOrEqual(before - 1000);
  expect(renderedAt).toBeLessThanOrEqual(Date.now());
});

test("a falsy status, an HTTP 500 and a network failure each show the error; a retry keeps its key, a success renews it", async ({ page }) => {
  const api = await mockLeadApi(page);
  api.respond(answer.rejected(), answer.json({ status: 0 }), answer.serverError(), answer.networkFailure(), answer.accepted(), answer.accepted());
  await page.goto("/");
  const { email, submit, status } = await seenNewsletter(page);

  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await email.fill("ann@example.co.uk");
    await submit.click();
    // The request goes first (the schema loads on demand), so wait for it before reading this attempt's status.
    await expect.poll(() => api.calls.length).toBe(attempt);
    await expect(status).toHaveText(ERROR);
    await expect(email).toHaveValue("ann@example.co.uk");
    await expect(submit).toBeEnabled();
    expect(api.calls).toHaveLength(attempt);
  }
  await submit.click();
  await expect(status).toHaveText(SUCCESS);
  await email.fill("bob@example.co.uk");
  await submit.click();
  await expect.poll(() => api.calls.length).toBe(6);

  const keys = api.calls.map((call) => call.headers["idempotency-key"]);
  expect(new Set(keys.slice(0, 5)).size).toBe(1);
  expect(keys[5]).toMatch(UUID);
  expect(keys[5]).not.toBe(keys[0]);
});

test("the honeypot goes only when something filled it", async ({ page }) => {
  const api = await mockLeadApi(page);
  await page.goto("/");
  const { email, submit, status } = await seenNewsletter(page);
  await email.fill("ann@example.co.uk");
  await submit.click();
  await expect(status).toHaveText(SUCCESS);
  await fillHoneypot(page, "footer", "http://spam.example");
  await email.fill("bot@example.co.uk");
  await submit.click();
  await expect.poll(() => api.calls.length).toBe(2);
  expect(api.calls[0]?.entries.map(([name]) => name)).toEqual(["email"]);
  expect(api.calls[1]?.entries).toEqual([["email", "bot@example.co.uk"], ["website", "http://spam.example"]]);
});
