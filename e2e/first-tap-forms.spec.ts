import { test, type Page } from "@playwright/test";
import { acknowledgeBanners, expect } from "./fixtures";
import { countPageLoads, holdScripts } from "./held-scripts";
import { answer, gated, mockLeadApi } from "./lead-api-mock";
import { contactForm as contactCopy } from "../app/content/contact";
import { newsletterCopy } from "../app/content/newsletter";

// The forms from the first paint: the page's scripts are held back, each control
// is used as soon as it shows, then the scripts arrive and the outcome must be
// exactly the one a press after hydration gets (newsletter.spec.ts and
// contact.spec.ts test those): the spec's texts, one request, no page load.

const NEWSLETTER_ERROR = newsletterCopy.error;

function newsletter(page: Page) {
  const form = page.getByRole("contentinfo").getByRole("form", { name: newsletterCopy.heading });
  return { form, email: form.getByLabel(newsletterCopy.emailLabel), submit: form.getByRole("button"), status: form.getByRole("status") };
}

function contact(page: Page) {
  const form = page.getByRole("main").locator("form");
  return {
    form,
    name: form.getByLabel(contactCopy.labels.name),
    email: form.getByLabel(contactCopy.labels.email),
    role: form.getByLabel(contactCopy.labels.role),
    sectors: form.getByRole("button", { name: new RegExp(`^${contactCopy.labels.sectors} `) }),
    consent: form.getByRole("checkbox", { name: /^I agree to be contacted/ }),
    submit: form.getByRole("button", { name: /^(Send enquiry|Submitting\.\.\.)$/ }),
    status: form.getByRole("status"),
  };
}

/** Opens the page with its scripts held; returns once the first paint is there and nothing has hydrated. */
async function openEarly(page: Page, path: string) {
  await acknowledgeBanners(page);
  const api = await mockLeadApi(page);
  const scripts = await holdScripts(page);
  const loads = countPageLoads(page);
  await page.goto(path, { waitUntil: "commit" });
  return { api, scripts, loads };
}

async function expectNotHydrated(page: Page, scripts: { held: () => number }) {
  expect(await page.evaluate(() => "__siteHydrated" in window)).toBe(false);
  expect(scripts.held()).toBeGreaterThan(0);
}

for (const [name, typed] of [["an empty", ""], ["a malformed", "not-an-email"]] as const) {
  test(`newsletter: ${name} address sent before the code arrives gets the spec's error once it does, and no request`, async ({ page }) => {
    const { api, scripts, loads } = await openEarly(page, "/about");
    const { email, submit, status } = newsletter(page);
    await email.fill(typed);
    await submit.click();
    await email.press("Enter");
    await expectNotHydrated(page, scripts);
    await expect(status).toHaveText("");
    await scripts.release();
    await expect(status).toHaveText(NEWSLETTER_ERROR);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    expect(api.calls).toHaveLength(0);
    expect(loads()).toBe(0);
  });
}

test("newsletter: a double tap with a valid address before the code arrives is one request, then Subscribing..., then the thanks", async ({ page }) => {
  const { api, scripts, loads } = await openEarly(page, "/");
  const pending = gated(answer.accepted());
  api.respond(pending.responder);
  const { email, submit, status } = newsletter(page);
  await email.fill("early@example.co.uk");
  await submit.click();
  await submit.click();
  await expectNotHydrated(page, scripts);
  const released = Date.now();
  await scripts.release();
  await expect(submit).toHaveText(newsletterCopy.submitting);
  await submit.click({ force: true });
  pending.release();
  await expect(status).toHaveText(newsletterCopy.success);
  await expect(email).toHaveValue("");
  expect(api.calls).toHaveLength(1);
  expect(api.calls[0]?.entries).toEqual([["email", "early@example.co.uk"]]);
  // The form was shown at the first paint, long before its code ran: the server must not take it for a bot's.
  expect(Number(api.calls[0]?.headers["x-form-rendered-at"])).toBeLessThan(released);
  // Back to idle after its 3 s, as every message does.
  await expect(status).toHaveText("", { timeout: 6_000 });
  expect(loads()).toBe(0);
});

test("contact: an empty submit before the code arrives gets the error, each field's message and focus on the first, and no request", async ({ page }) => {
  const { api, scripts, loads } = await openEarly(page, "/contact");
  const form = contact(page);
  await form.submit.click();
  await form.submit.click();
  await expectNotHydrated(page, scripts);
  await scripts.release();
  await expect(form.status).toHaveText(contactCopy.error);
  await expect(form.name).toHaveAttribute("aria-invalid", "true");
  await expect(form.name).toHaveAccessibleDescription("Please enter your name.");
  await expect(form.consent).toHaveAccessibleDescription(contactCopy.consentError);
  await expect(form.name).toBeFocused();
  expect(api.calls).toHaveLength(0);
  expect(loads()).toBe(0);
});

test("contact: the Sectors panel opens at the first tap, options ticked early are kept, and an early double submit is one enquiry", async ({ page }) => {
  const { api, scripts, loads } = await openEarly(page, "/contact");
  const form = contact(page);
  await form.sectors.click();
  const panel = page.locator(`[id="${await form.sectors.getAttribute("aria-controls")}"]`);
  // Open before any of the page's code has run: the browser did it.
  await expect(panel).toBeVisible();
  await expect(form.sectors).toHaveAttribute("aria-expanded", "true");
  await panel.getByRole("checkbox", { name: "Healthcare" }).check();
  await panel.getByRole("checkbox", { name: "IT & Technology" }).check();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(form.sectors).toHaveAttribute("aria-expanded", "false");
  await form.name.fill("Early Bird");
  await form.email.fill("early@example.co.uk");
  await form.role.selectOption("Freelancer");
  await form.consent.check();
  await form.submit.click();
  await form.submit.click();
  await expectNotHydrated(page, scripts);

  await scripts.release();
  await expect(form.status).toHaveText(contactCopy.success);
  expect(api.calls).toHaveLength(1);
  expect(api.calls[0]?.entries).toEqual(
    expect.arrayContaining([
      ["name", "Early Bird"],
      ["email", "early@example.co.uk"],
      ["salutation", "Freelancer"],
      ["sector", "Healthcare,IT & Technology"],
    ]),
  );
  // The form then resets, as after any accepted enquiry.
  await expect(form.sectors).toHaveText(/Select options/);
  expect(loads()).toBe(0);
});

test("contact: options ticked before the code arrives are kept by hydration and counted on the button", async ({ page }) => {
  const { scripts } = await openEarly(page, "/contact");
  const form = contact(page);
  await form.sectors.click();
  const panel = page.locator(`[id="${await form.sectors.getAttribute("aria-controls")}"]`);
  await panel.getByRole("checkbox", { name: "Construction" }).check();
  await expectNotHydrated(page, scripts);
  await scripts.release();
  await expect(panel.getByRole("checkbox", { name: "Construction" })).toBeChecked();
  await expect(form.sectors).toHaveText(/1 selected/);
  await expect(form.sectors).toHaveAttribute("aria-expanded", "true");
  await panel.getByRole("checkbox", { name: "Healthcare" }).check();
  await expect(form.sectors).toHaveText(/2 selected/);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(panel).toBeHidden();
  await expect(form.sectors).toHaveAttribute("aria-expanded", "false");
});
