import { test, type Locator, type Page } from "@playwright/test";
import { acknowledgeBanners, expect, isPhone, waitForHydration } from "./fixtures";
import { countPageLoads, holdScripts } from "./held-scripts";
import { answer, gated, mockLeadApi } from "./lead-api-mock";
import { contactForm as contactCopy } from "../app/data/contact";
import { newsletterCopy } from "../app/data/newsletter";

// The forms from the first paint: the page's scripts are held back, each control
// is used as soon as it shows, then the scripts arrive and the outcome must be
// exactly the one a press after hydration gets (newsletter.spec.ts and
// contact.spec.ts test those): the spec's texts, one request, no page load.

const NEWSLETTER_ERROR = newsletterCopy.error;

function newsletter(page: Page) {
  const form = page.getByRole("contentinfo").getByRole("form", { name: newsletterCopy.heading });
  return { form, email: form.getByLabel(newsletterCopy.emailLabel), submit: form.getByRole("button"), status: form.getByRole("status") };
}

/** A click on the desktop, a tap on the phone. */
async function press(page: Page, target: Locator) {
  if (isPhone(page)) await target.tap();
  else await target.click();
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
  // Every text each form's status line and submit button show, in order, to see a flash or a repeat.
  await page.addInitScript(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { __shown: typeof seen }).__shown = seen;
    const record = () => {
      document.querySelectorAll("form").forEach((form, index) => {
        for (const [part, element] of [["status", form.querySelector("[role=status]")], ["button", form.querySelector("button[type=submit], button:not([type])")]] as const) {
          const key = `${index}:${part}`;
          const log = (seen[key] ??= []);
          const text = element?.textContent ?? "";
          if (log.at(-1) !== text) log.push(text);
        }
      });
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // React reports a hydration that did not match the HTML as an error: the early answer must match what it renders.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: "commit" });
  return { api, scripts, loads, errors };
}

async function expectNotHydrated(page: Page, scripts: { held: () => number }) {
  expect(await page.evaluate(() => "__siteHydrated" in window)).toBe(false);
  expect(scripts.held()).toBeGreaterThan(0);
}

/** What the status line (or submit button) of the page's form number `index` has shown, in order. */
const shown = (page: Page, index: number, part: "status" | "button") =>
  page.evaluate(
    ([key, part]) => {
      const log = (window as unknown as { __shown: Record<string, string[]> }).__shown[key] ?? [];
      // A button is parsed before its words: the empty moment is the parser's, not a flash.
      return part === "button" ? log.filter(Boolean) : log;
    },
    [`${index}:${part}`, part] as const,
  );

/** Two quick presses where the button is, as a hand makes them (a busy button is still pressed). */
async function pressTwice(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  for (let i = 0; i < 2; i += 1) {
    if (isPhone(page)) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }
}

/** The page's forms in document order: the contact form (in main) comes before the footer's newsletter. */
const NEWSLETTER_ON_ABOUT = 0;
const CONTACT_ON_CONTACT = 0;

for (const [name, typed] of [["an empty", ""], ["a malformed", "ann@example"]] as const) {
  test(`newsletter: ${name} address sent before the code arrives gets the spec's error at once, kept as it is by hydration, and no request`, async ({ page }) => {
    const { api, scripts, loads, errors } = await openEarly(page, "/about");
    const { email, submit, status } = newsletter(page);
    await email.fill(typed);
    await submit.click();
    // At once, before any of the form's code: the spec's text, the field marked, focus in it.
    await expect(status).toHaveText(NEWSLETTER_ERROR);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(NEWSLETTER_ERROR);
    await expect(email).toBeFocused();
    await email.press("Enter");
    await expectNotHydrated(page, scripts);
    await scripts.release();
    await expect(status).toHaveText(NEWSLETTER_ERROR);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    // Shown once and never blanked by hydration; then back to idle after its 3 s, as every message.
    expect(await shown(page, NEWSLETTER_ON_ABOUT, "status")).toEqual(["", NEWSLETTER_ERROR]);
    await expect(status).toHaveText("", { timeout: 6_000 });
    await expect(email).not.toHaveAttribute("aria-invalid");
    expect(api.calls).toHaveLength(0);
    expect(loads()).toBe(0);
    expect(errors).toEqual([]);
  });
}

test("newsletter: a double tap with a valid address before the code arrives shows Subscribing... at once, is one request, then the thanks", async ({ page }) => {
  const { api, scripts, loads, errors } = await openEarly(page, "/");
  const pending = gated(answer.accepted());
  api.respond(pending.responder);
  const { email, submit, status } = newsletter(page);
  await email.fill("early@example.co.uk");
  await pressTwice(page, submit);
  await expect(submit).toHaveText(newsletterCopy.submitting);
  await expect(submit).toHaveAttribute("aria-disabled", "true");
  await expectNotHydrated(page, scripts);
  const firstPaint = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0));
  const released = Date.now();
  await scripts.release();
  await expect.poll(() => api.calls.length).toBe(1);
  await expect(submit).toHaveText(newsletterCopy.submitting);
  await pressTwice(page, submit);
  pending.release();
  await expect(status).toHaveText(newsletterCopy.success);
  await expect(email).toHaveValue("");
  expect(api.calls).toHaveLength(1);
  expect(api.calls[0]?.entries).toEqual([["email", "early@example.co.uk"]]);
  // The form was shown at the first paint, long before its code ran: the server must not take it for a bot's.
  // Its time on screen, taken at the press its code replayed, reaches back past the release to that paint.
  // (X-Form-Rendered-At moves later by the wait for the proof, which is not the visitor's time.)
  expect(Number(api.calls[0]?.headers["x-form-shown-ms"])).toBeGreaterThanOrEqual(Math.floor(released - firstPaint) - 1);
  // The button read Subscribing... from the press to the answer, without a flash back to Subscribe.
  expect(await shown(page, 0, "button")).toEqual([newsletterCopy.submit, newsletterCopy.submitting, newsletterCopy.submit]);
  // Back to idle after its 3 s, as every message does.
  await expect(status).toHaveText("", { timeout: 6_000 });
  expect(loads()).toBe(0);
  expect(errors).toEqual([]);
});

test("contact: an empty submit before the code arrives gets the error, each field's message and focus on the first at once, and no request", async ({ page }) => {
  const { api, scripts, loads, errors } = await openEarly(page, "/contact");
  const form = contact(page);
  await form.submit.click();
  await expect(form.status).toHaveText(contactCopy.error);
  await expect(form.name).toHaveAttribute("aria-invalid", "true");
  await expect(form.name).toHaveAccessibleDescription("Please enter your name.");
  await expect(form.email).toHaveAccessibleDescription("Please enter your email address.");
  await expect(form.role).toHaveAccessibleDescription("Please choose your role.");
  await expect(form.consent).toHaveAccessibleDescription(contactCopy.consentError);
  await expect(form.name).toBeFocused();
  // A field corrected before the code arrives loses its message, as it does after.
  await form.name.fill("Ann Smith");
  await expect(form.name).not.toHaveAttribute("aria-invalid");
  await form.email.fill("ann@example");
  await form.submit.click();
  await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(form.email).toBeFocused();
  await expectNotHydrated(page, scripts);
  await scripts.release();
  await expect(form.status).toHaveText(contactCopy.error);
  await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(form.role).toHaveAccessibleDescription("Please choose your role.");
  await expect(form.name).not.toHaveAttribute("aria-invalid");
  // Each message once, on the field it belongs to.
  await expect(form.form.getByText("Please choose your role.")).toHaveCount(1);
  expect(await shown(page, CONTACT_ON_CONTACT, "status")).toEqual(["", contactCopy.error]);
  expect(api.calls).toHaveLength(0);
  expect(loads()).toBe(0);
  expect(errors).toEqual([]);
});

test("contact: the Sectors panel opens at the first tap, options ticked early are kept, and an early double submit is one enquiry", async ({ page }) => {
  const { api, scripts, loads, errors } = await openEarly(page, "/contact");
  const form = contact(page);
  await press(page, form.sectors);
  const panel = page.locator(`[id="${await form.sectors.getAttribute("aria-controls")}"]`);
  // Open before any of the page's code has run: the browser did it.
  await expect(panel).toBeVisible();
  await expect(form.sectors).toHaveAttribute("aria-expanded", "true");
  await press(page, panel.getByText("Healthcare", { exact: true }));
  await press(page, panel.getByText("IT & Technology", { exact: true }));
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(form.sectors).toHaveAttribute("aria-expanded", "false");
  await form.name.fill("Early Bird");
  await form.email.fill("early@example.co.uk");
  await form.role.selectOption("Freelancer");
  await press(page, form.form.getByText(/^I agree to be contacted/));
  await pressTwice(page, form.submit);
  await expect(form.submit).toHaveText(contactCopy.submitting);
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
  expect(await shown(page, CONTACT_ON_CONTACT, "button")).toEqual([contactCopy.submit, contactCopy.submitting, contactCopy.submit]);
  expect(loads()).toBe(0);
  expect(errors).toEqual([]);
});

test("contact: options ticked before the code arrives are kept by hydration and counted on the button", async ({ page }) => {
  const { scripts } = await openEarly(page, "/contact");
  const form = contact(page);
  await press(page, form.sectors);
  const panel = page.locator(`[id="${await form.sectors.getAttribute("aria-controls")}"]`);
  await press(page, panel.getByText("Construction", { exact: true }));
  await expectNotHydrated(page, scripts);
  await scripts.release();
  await expect(panel.getByRole("checkbox", { name: "Construction" })).toBeChecked();
  await expect(form.sectors).toHaveText(/1 selected/);
  await expect(form.sectors).toHaveAttribute("aria-expanded", "true");
  await press(page, panel.getByText("Healthcare", { exact: true }));
  await expect(form.sectors).toHaveText(/2 selected/);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(panel).toBeHidden();
  await expect(form.sectors).toHaveAttribute("aria-expanded", "false");
});

test("after hydration too, an empty submit is answered at once, without waiting for the schema's download", async ({ page }) => {
  await acknowledgeBanners(page);
  const api = await mockLeadApi(page);
  await page.goto("/contact");
  await waitForHydration(page);
  // From here every script the page asks for (the schema's chunk among them) never arrives.
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, () => undefined);
  const footer = newsletter(page);
  await press(page, footer.submit);
  await expect(footer.status).toHaveText(NEWSLETTER_ERROR);
  await expect(footer.email).toBeFocused();
  const form = contact(page);
  await press(page, form.submit);
  await expect(form.status).toHaveText(contactCopy.error);
  await expect(form.name).toHaveAccessibleDescription("Please enter your name.");
  await expect(form.consent).toHaveAccessibleDescription(contactCopy.consentError);
  await expect(form.name).toBeFocused();
  expect(api.calls).toHaveLength(0);
});
