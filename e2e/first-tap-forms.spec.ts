import { randomUUID } from "node:crypto";
import { test, type Locator, type Page } from "@playwright/test";
import { accessibleExpanded, acknowledgeBanners, expect, isPhone, waitForHydration } from "./fixtures";
import { storedRows } from "./stored-leads";
import { countPageLoads, gotoEarly, holdScripts } from "./held-scripts";
import { mockLeadApi } from "./lead-api-mock";
import { STATUS_MESSAGE_MS } from "../app/data/constants";
import { contactFormCopy, contactFormLabels } from "../app/data/contact";
import { newsletterFormCopy } from "../app/data/newsletter";
import { paths } from "../app/data/paths";
import { CONTACT_ENDPOINT } from "../contract/lead";
import { readEntry } from "../scripts/build/content-files";

const newsletterCopy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const contactCopy = { ...contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml")), labels: contactFormLabels };

// The forms before their code arrives: the page's scripts are held back and each
// form is used as soon as it shows. Until then the forms' head script (app/head/early-forms.ts,
// inline in the page) answers for them with the spec's words: an empty or malformed field gets
// the form's error and each field's message in place, not the browser's bubble, and nothing is
// sent; a valid form shows its sending state and is held for the form's code, which sends it in
// place when it arrives and shows the spec's success text. No press leaves the page: the native
// post and its "one more step" page are for browsers without JavaScript (lead-intake.spec.ts).
// Once the code has arrived the forms answer as they always have (newsletter.spec.ts and
// contact.spec.ts test those).

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
    submit: form.getByRole("button", { name: contactCopy.submit }),
    status: form.getByRole("status"),
  };
}

/** A click on the desktop, a tap on the phone. */
async function press(page: Page, target: Locator) {
  if (isPhone(page)) await target.tap();
  else await target.click();
}

/** Two quick presses where the button is, as a hand makes them. */
async function pressTwice(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  for (let i = 0; i < 2; i += 1) {
    if (isPhone(page)) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }
}

/** Opens the page with its scripts held; returns once it has painted and nothing has hydrated. */
/**
 * A person has read the page before their press sends anything: at least a second after its first
 * paint, by the page's own clock. Sooner is a machine's speed, which the spam filter holds (a quarter
 * of MIN_SUBMIT_MS); a test driving the page at Playwright's speed would otherwise be held, some runs.
 */
async function afterReading(page: Page) {
  await page.waitForFunction(() => performance.now() - (performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0) >= 1000);
}

async function openEarly(page: Page, pagePath: string) {
  await acknowledgeBanners(page);
  const scripts = await holdScripts(page);
  const loads = countPageLoads(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === CONTACT_ENDPOINT) posts.push(request.url());
  });
  await gotoEarly(page, pagePath);
  return { scripts, loads, posts };
}

/**
 * The code of `form` has not run: the contact form's island has not hydrated (Astro removes its `ssr`
 * attribute when it has), the footer's `<newsletter-signup>` is not defined. The form is still the browser's.
 */
async function expectNotHydrated(form: Locator, scripts: { held: () => number }) {
  const waiting = await form.evaluate((element) => {
    const island = element.closest("astro-island");
    if (island) return island.hasAttribute("ssr");
    const behaviour = element.closest("newsletter-signup");
    return behaviour !== null && customElements.get(behaviour.localName) === undefined;
  });
  expect(waiting).toBe(true);
  expect(scripts.held()).toBeGreaterThan(0);
}

/** The spec's message is shown in place, not the browser's: the field is marked, described by it, and focused. */
async function expectAnsweredAt(field: Locator, message: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

/** Errors the page reports (a hydration mismatch among them), from now on. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

for (const [name, typed] of [["an empty", ""], ["a malformed", "ann@example"]] as const) {
  test(`newsletter: ${name} address sent before the code arrives gets the spec's message in place, back to idle after 3 s, and nothing is sent`, { tag: "@phone" }, async ({ page }) => {
    await page.clock.install();
    const { scripts, loads, posts } = await openEarly(page, paths.about);
    const { form, email, submit, status } = newsletter(page);
    await email.fill(typed);
    await press(page, submit);
    await expect(status).toHaveText(newsletterCopy.error);
    await expectAnsweredAt(email, newsletterCopy.error);
    await expectNotHydrated(form, scripts);
    // The spec's 3 s status reset, on the page's clock.
    await page.clock.runFor(STATUS_MESSAGE_MS);
    await expect(status).toHaveText("");
    await expect(email).not.toHaveAttribute("aria-invalid");
    await email.press("Enter");
    await expect(status).toHaveText(newsletterCopy.error);
    await expectNotHydrated(form, scripts);
    expect(posts).toEqual([]);
    expect(loads()).toBe(0);

    // Once the page's script has arrived the form answers itself, with the same words.
    await scripts.release();
    await press(page, submit);
    await expect(status).toHaveText(newsletterCopy.error);
    await expectAnsweredAt(email, newsletterCopy.error);
    expect(posts).toEqual([]);
    expect(loads()).toBe(0);
  });
}

test("newsletter: a valid address sent before the code arrives shows it is sending, then is sent in place once the code arrives", { tag: "@phone" }, async ({ page }) => {
  const { scripts, loads, posts } = await openEarly(page, paths.about);
  const address = `early.${randomUUID()}@example.co.uk`;
  const { form, email, submit, status } = newsletter(page);
  await email.fill(address);
  await afterReading(page);
  await press(page, submit);
  await expect(submit).toHaveText(newsletterCopy.submitting);
  await expect(form).toHaveAttribute("aria-busy", "true");
  await expectNotHydrated(form, scripts);
  expect(posts).toEqual([]);

  await scripts.release();
  await expect(status).toHaveText(newsletterCopy.success);
  await expect(submit).toHaveText(newsletterCopy.submit);
  await expect(email).toHaveValue("");
  expect(posts).toHaveLength(1);
  expect(loads()).toBe(0);
  await expect.poll(() => storedRows("subscribers", address).length).toBe(1);
  expect(storedRows("subscribers", address)[0]).toMatchObject({ status: "pending", source_page: paths.about });
  expect(storedRows("suspected_spam", address)).toEqual([]);
});

test("contact: an empty or malformed submit before the code arrives gets the spec's messages beside the fields, and hydration keeps them", { tag: "@phone" }, async ({ page }) => {
  const errors = pageErrors(page);
  const { scripts, loads, posts } = await openEarly(page, paths.contact);
  const form = contact(page);
  await press(page, form.submit);
  await expect(form.status).toHaveText(contactCopy.error);
  await expectAnsweredAt(form.name, "Please enter your name.");
  await expect(form.consent).toHaveAccessibleDescription(contactCopy.consentError);
  await form.name.fill("Ann Smith");
  // Editing a field clears its message, as the form's code does.
  await expect(form.name).not.toHaveAttribute("aria-invalid");
  await form.email.fill("ann@example");
  await press(page, form.submit);
  await expectAnsweredAt(form.email, "Please enter a valid email address.");
  await expect(form.role).toHaveAccessibleDescription("Please choose your role.");
  await expectNotHydrated(form.form, scripts);
  expect(posts).toEqual([]);
  expect(loads()).toBe(0);

  // The form's code takes over what is shown, with no mismatch, and answers the next press the same way.
  await scripts.release();
  await expect(form.status).toHaveText(contactCopy.error);
  await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(form.name).toHaveValue("Ann Smith");
  await press(page, form.submit);
  await expect(form.status).toHaveText(contactCopy.error);
  await expectAnsweredAt(form.email, "Please enter a valid email address.");
  await expect(form.role).toHaveAccessibleDescription("Please choose your role.");
  expect(posts).toEqual([]);
  expect(loads()).toBe(0);
  expect(errors).toEqual([]);
});

test("contact: a full enquiry before the code arrives, Sectors ticked and Send pressed twice, shows it is sending and is one lead sent in place", { tag: "@phone" }, async ({ page }) => {
  const errors = pageErrors(page);
  const { scripts, loads, posts } = await openEarly(page, paths.contact);
  const address = `early.${randomUUID()}@example.co.uk`;
  const form = contact(page);
  await press(page, form.sectors);
  const panel = page.locator(`[id="${await form.sectors.getAttribute("aria-controls")}"]`);
  // Opened by the browser, and announced as expanded by it: none of the page's code has run.
  await expect(panel).toBeVisible();
  expect(await accessibleExpanded(form.sectors)).toBe(true);
  await press(page, panel.getByText("Healthcare", { exact: true }));
  await press(page, panel.getByText("IT & Technology", { exact: true }));
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect.poll(() => accessibleExpanded(form.sectors)).toBe(false);
  await form.name.fill("Early Bird");
  await form.email.fill(address);
  await form.role.selectOption("Freelancer");
  await form.form.getByLabel(contactCopy.labels.message).fill("Pressed before the page's code arrived.");
  await press(page, form.form.getByText(/^I agree to be contacted/));
  await expectNotHydrated(form.form, scripts);
  await afterReading(page);
  await pressTwice(page, form.submit);
  await expect(form.form.getByRole("button", { name: contactCopy.submitting })).toBeVisible();
  await expect(form.form).toHaveAttribute("aria-busy", "true");
  expect(posts).toEqual([]);

  await scripts.release();
  await expect(form.status).toHaveText(contactCopy.success);
  await expect(form.name).toHaveValue("");
  expect(posts).toHaveLength(1);
  expect(loads()).toBe(0);
  await expect.poll(() => storedRows("enquiries", address).length).toBe(1);
  const [row] = storedRows("enquiries", address);
  expect(row).toMatchObject({ name: "Early Bird", role: "Freelancer", message: "Pressed before the page's code arrived.", source_page: paths.contact });
  expect(JSON.parse(String(row!.sectors))).toEqual(["Healthcare", "IT & Technology"]);
  expect(storedRows("suspected_spam", address)).toEqual([]);
  expect(errors).toEqual([]);
});

test("contact: options ticked before the code arrives are kept by hydration and counted on the button", async ({ page }) => {
  const { scripts } = await openEarly(page, paths.contact);
  const form = contact(page);
  await press(page, form.sectors);
  const panel = page.locator(`[id="${await form.sectors.getAttribute("aria-controls")}"]`);
  await press(page, panel.getByText("Construction", { exact: true }));
  await expectNotHydrated(form.form, scripts);
  await scripts.release();
  await expect(panel.getByRole("checkbox", { name: "Construction" })).toBeChecked();
  await expect(form.sectors).toHaveText(/1 selected/);
  await expect.poll(() => accessibleExpanded(form.sectors)).toBe(true);
  // Its chevron turned with the panel from the first press, before the form's code.
  await expect(form.sectors.locator("svg")).toHaveCSS("rotate", "180deg");
  await press(page, panel.getByText("Healthcare", { exact: true }));
  await expect(form.sectors).toHaveText(/2 selected/);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(panel).toBeHidden();
  await expect.poll(() => accessibleExpanded(form.sectors)).toBe(false);
});

test("after hydration, an empty submit is answered at once with the spec's words, without waiting for the schema's download", async ({ page }) => {
  await acknowledgeBanners(page);
  const api = await mockLeadApi(page);
  await page.goto(paths.contact);
  await waitForHydration(page);
  // The footer's form is the page's script's from the start (`<newsletter-signup>`), seen or not.
  const footer = newsletter(page);
  // From here every script the page asks for (the schema's chunk among them) never arrives.
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, () => undefined);
  await press(page, footer.submit);
  await expect(footer.status).toHaveText(newsletterCopy.error);
  await expect(footer.email).toBeFocused();
  const form = contact(page);
  await press(page, form.submit);
  await expect(form.status).toHaveText(contactCopy.error);
  await expect(form.name).toHaveAccessibleDescription("Please enter your name.");
  await expect(form.consent).toHaveAccessibleDescription(contactCopy.consentError);
  await expect(form.name).toBeFocused();
  expect(api.calls).toHaveLength(0);
});
