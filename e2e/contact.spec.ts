import { test as base, type Locator, type Page } from "@playwright/test";
import { accessibleExpanded, acknowledgeBanners, expect, expectNoAxeViolations, isPhone, rawHtml, test, waitForHydration } from "./fixtures";
import { undefinedElements } from "./held-scripts";
import { answer, fillHoneypot, gated, mockLeadApi, UUID } from "./lead-api-mock";
import { contactCopy, contactFormCopy, contactFormLabels } from "../app/data/contact";
import { shellEntries } from "../app/data/shell.test-support";
import { limits, needOptions, roleOptions, sectorOptions } from "../contract/lead";
import { readEntry } from "../scripts/build/content-files";

const { brand: site, profile: siteProfile } = shellEntries;
const copy = { ...contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml")), labels: contactFormLabels };
const { contactDetails, contactHero } = contactCopy(readEntry("pages/contact.yaml"), readEntry("site/profile.yaml"));
const SUCCESS = "✅ Thanks! We’ll be in touch within 1–2 business days.";
const ERROR = "⚠️ Please check required fields or try again later.";
const CONSENT = `I agree to be contacted by ${site.name} and selected partners.`;

function contact(page: Page) {
  const form = page.getByRole("main").locator("form");
  return {
    form,
    name: form.getByLabel(copy.labels.name),
    email: form.getByLabel(copy.labels.email),
    phone: form.getByLabel(copy.labels.phone),
    role: form.getByLabel(copy.labels.role),
    sectors: form.getByRole("button", { name: new RegExp(`^${copy.labels.sectors} `) }),
    needs: form.getByRole("button", { name: new RegExp(`^${copy.labels.needs} `) }),
    message: form.getByLabel(copy.labels.message),
    consent: form.getByRole("checkbox", { name: CONSENT }),
    submit: form.getByRole("button", { name: /^(Send enquiry|Submitting\.\.\.)$/ }),
    status: form.getByRole("status"),
  };
}

/** The panel a multi-select button opens. */
function panel(page: Page, button: Locator) {
  return button.evaluate((el) => el.getAttribute("aria-controls")).then((id) => page.locator(`[id="${id}"]`));
}

async function fillRequired(page: Page) {
  const form = contact(page);
  await form.name.fill("Ann Smith");
  await form.email.fill("ann@example.co.uk");
  await form.role.selectOption("Freelancer");
  await form.consent.click();
}

test("the raw HTML of /contact holds the heading, every field label and the consent wording", async ({ request }) => {
  const { status, html } = await rawHtml(request, "/contact");
  expect(status).toBe(200);
  for (const text of [contactHero.title, ...Object.values(copy.labels), CONSENT, contactDetails.promise, siteProfile.contact.email]) {
    expect(html).toContain(text.replace(/&/g, "&amp;"));
  }
});

test.describe("contact page", () => {
  test.beforeEach(async ({ page }) => {
    await acknowledgeBanners(page);
  });

  test("hero, the response promise, the team's details and every field as the spec describes", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: contactHero.title })).toBeVisible();
    await expect(page.getByText(contactHero.intro)).toBeVisible();
    await expect(page.getByText(contactDetails.promise)).toBeVisible();
    const details = page.getByRole("complementary", { name: contactDetails.heading });
    await expect(details.getByRole("link", { name: siteProfile.contact.email })).toHaveAttribute("href", `mailto:${siteProfile.contact.email}`);
    await expect(details.getByRole("link", { name: siteProfile.contact.phoneDisplay })).toHaveAttribute("href", /^tel:\+44/);
    await expect(details).toContainText(siteProfile.contact.address);

    const form = contact(page);
    await expect(form.email).toHaveAttribute("type", "email");
    await expect(form.phone).toHaveAttribute("type", "tel");
    await expect(form.form).toHaveAttribute("novalidate", "");
    for (const [field, max] of [[form.name, limits.name], [form.email, limits.email], [form.phone, limits.phone], [form.message, limits.message]] as const) {
      await expect(field).toHaveAttribute("maxlength", String(max));
    }
    for (const field of [form.name, form.email, form.role, form.consent]) {
      await expect(field).toHaveAttribute("required", "");
      await expect(field).toHaveAttribute("aria-required", "true");
    }
    for (const field of [form.phone, form.message]) await expect(field).not.toHaveAttribute("required");
    await expect(form.form.getByText("*", { exact: true })).toHaveCount(4);
    const roles = await form.role.locator("option").allTextContents();
    expect(roles.slice(1)).toEqual([...roleOptions]);
    await expect(form.sectors).toHaveText(/Select options/);
    await expect(form.needs).toHaveText(/Select options/);
    await expect(form.submit).toHaveText(copy.submit);
    await expect(form.status).toBeAttached();
    await expect(form.status).toHaveText("");
  });

  test("multi-selects: a scrollable list of checkboxes at most 13rem tall, '{n} selected', Escape and an outside click close", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/contact");
    const form = contact(page);
    for (const [button, options] of [[form.sectors, sectorOptions], [form.needs, needOptions]] as const) {
      const list = await panel(page, button);
      await expect.poll(() => accessibleExpanded(button)).toBe(false);
      await expect(list).toBeHidden();
      await button.click();
      await expect.poll(() => accessibleExpanded(button)).toBe(true);
      // The chevron turns while the panel is open (CSS, so also before the form's code).
      await expect(button.locator("svg")).toHaveCSS("rotate", "180deg");
      const group = list.getByRole("group");
      await expect(group.getByRole("checkbox")).toHaveCount(options.length);
      const box = await list.evaluate((el) => ({
        maxHeight: getComputedStyle(el).maxHeight, height: el.clientHeight, scrollHeight: el.scrollHeight, overflow: getComputedStyle(el).overflowY,
      }));
      expect(box.maxHeight).toBe("208px");
      expect(box.height).toBeLessThanOrEqual(208);
      expect(box.overflow).toBe("auto");
      expect(box.scrollHeight).toBeGreaterThan(box.height);

      await group.getByRole("checkbox", { name: options[0] }).click();
      await expect(button).toHaveText(/1 selected/);
      await group.getByRole("checkbox", { name: options[2] }).click();
      await expect(button).toHaveText(/2 selected/);
      await expect(button).toHaveAccessibleName(`${button === form.sectors ? copy.labels.sectors : copy.labels.needs} 2 selected`);
      await page.keyboard.press("Escape");
      await expect(list).toBeHidden();
      await expect(button).toBeFocused();

      await button.click();
      await expect(list).toBeVisible();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(list).toBeHidden();
      await expect.poll(() => accessibleExpanded(button)).toBe(false);
      await expect(button.locator("svg")).toHaveCSS("rotate", "none");
    }
  });

  test("missing required fields: the error, each field's own message, focus on the first, and no request", { tag: "@phone" }, async ({ page }) => {
    const api = await mockLeadApi(page);
    await page.goto("/contact");
    const form = contact(page);
    await form.submit.click();
    await expect(form.status).toHaveText(ERROR);
    const expected = [
      [form.name, "Please enter your name."],
      [form.email, "Please enter your email address."],
      [form.role, "Please choose your role."],
      [form.consent, copy.consentError],
    ] as const;
    for (const [field, message] of expected) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
      await expect(form.form.getByText(message)).toBeVisible();
    }
    await expect(form.phone).not.toHaveAttribute("aria-invalid");
    await expect(form.name).toBeFocused();

    // Fixing a field clears its message; the next missing one takes the focus.
    await form.name.fill("Ann Smith");
    await expect(form.name).not.toHaveAttribute("aria-invalid");
    await form.email.fill("not-an-email");
    await form.submit.click();
    await expect(form.email).toBeFocused();
    await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address.");
    await form.email.fill("ann@example.co.uk");
    await form.role.selectOption("Agency");
    await form.submit.click();
    await expect(form.consent).toBeFocused();
    await expect(form.status).toHaveText(ERROR);
    expect(api.calls).toHaveLength(0);
    await expectNoAxeViolations(page);
  });

  test("an accepted enquiry: Submitting... while pending, the exact multipart body, the promise, and a reset form", { tag: "@phone" }, async ({ page }) => {
    const api = await mockLeadApi(page);
    const pending = gated(answer.accepted());
    api.respond(pending.responder);
    const before = Date.now();
    await page.goto("/contact");
    const form = contact(page);
    await fillRequired(page);
    await form.phone.fill("07700 900123");
    await form.sectors.click();
    const sectors = await panel(page, form.sectors);
    await sectors.getByRole("checkbox", { name: "IT & Technology" }).click();
    await sectors.getByRole("checkbox", { name: "Healthcare" }).click();
    // Close the list first: on a phone it covers the field below it.
    await page.keyboard.press("Escape");
    await form.needs.click();
    const needs = await panel(page, form.needs);
    await needs.getByRole("checkbox", { name: "Payroll" }).click();
    await needs.getByRole("checkbox", { name: "Mortgages/Housing" }).click();
    await form.message.fill("Looking for an umbrella company.");
    await form.submit.click();

    await expect(form.submit).toHaveText("Submitting...");
    await expect(form.submit).toBeDisabled();
    // Pressed again while disabled, where a hand presses: nothing more is sent.
    const box = (await form.submit.boundingBox())!;
    if (isPhone(page)) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    pending.release();
    await expect(form.status).toHaveText(SUCCESS);
    await expect(form.submit).toHaveText(copy.submit);
    await expect(form.submit).toBeEnabled();
    expect(api.calls).toHaveLength(1);

    const [call] = api.calls;
    expect(call?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.entries).toEqual([
      ["name", "Ann Smith"],
      ["email", "ann@example.co.uk"],
      ["phone", "07700 900123"],
      ["salutation", "Freelancer"],
      ["sector", "Healthcare,IT & Technology"],
      ["you_need", "Payroll,Mortgages/Housing"],
      ["message", "Looking for an umbrella company."],
    ]);
    expect(call?.headers["idempotency-key"]).toMatch(UUID);
    const renderedAt = Number(call?.headers["x-form-rendered-at"]);
    expect(renderedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(renderedAt).toBeLessThanOrEqual(Date.now());

    for (const field of [form.name, form.email, form.phone, form.role, form.message]) await expect(field).toHaveValue("");
    await expect(form.consent).not.toBeChecked();
    await expect(form.sectors).toHaveText(/Select options/);
    await expect(form.needs).toHaveText(/Select options/);
  });

  test("optional fields left empty are still sent, empty; the honeypot only when filled", async ({ page }) => {
    const api = await mockLeadApi(page);
    await page.goto("/contact");
    const form = contact(page);
    await fillRequired(page);
    await form.submit.click();
    await expect(form.status).toHaveText(SUCCESS);
    expect(api.calls[0]?.entries).toEqual([
      ["name", "Ann Smith"], ["email", "ann@example.co.uk"], ["phone", ""], ["salutation", "Freelancer"],
      ["sector", ""], ["you_need", ""], ["message", ""],
    ]);
    await fillRequired(page);
    await fillHoneypot(page, "main", "http://spam.example");
    await form.submit.click();
    await expect.poll(() => api.calls.length).toBe(2);
    expect(api.calls[1]?.entries.at(-1)).toEqual(["website", "http://spam.example"]);
    expect(api.calls[1]?.entries.map(([name]) => name)).not.toContain("consent");
  });

  test("a falsy data.status, an HTTP 500 and a network failure show the error and keep the input; a retry keeps its key", async ({ page }) => {
    const api = await mockLeadApi(page);
    // The enquiry reads data.status: a truthy top-level status alone is not acceptance.
    api.respond(answer.rejected(), answer.json({ status: true, data: { status: false } }), answer.serverError(), answer.networkFailure());
    await page.goto("/contact");
    const form = contact(page);
    await fillRequired(page);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await form.submit.click();
      // The error text is the same every time: wait for this attempt's request, or the last attempt's text would pass.
      await expect.poll(() => api.calls.length).toBe(attempt);
      await expect(form.status).toHaveText(ERROR);
      await expect(form.submit).toBeEnabled();
    }
    await expect(form.name).toHaveValue("Ann Smith");
    await expect(form.consent).toBeChecked();
    await form.submit.click();
    await expect(form.status).toHaveText(SUCCESS);
    await fillRequired(page);
    await form.submit.click();
    await expect.poll(() => api.calls.length).toBe(6);
    const keys = api.calls.map((call) => call.headers["idempotency-key"]);
    expect(new Set(keys.slice(0, 5)).size).toBe(1);
    expect(keys[5]).toMatch(UUID);
    expect(keys[5]).not.toBe(keys[0]);
  });

  test("the whole form can be completed with the keyboard alone", async ({ page }) => {
    const api = await mockLeadApi(page);
    await page.goto("/contact");
    const form = contact(page);
    const key = (name: string) => page.keyboard.press(name);

    await form.name.focus();
    await page.keyboard.type("Ann Smith");
    await key("Tab");
    await page.keyboard.type("ann@example.co.uk");
    await key("Tab");
    await page.keyboard.type("07700 900123");
    await key("Tab");
    await expect(form.role).toBeFocused();
    await page.keyboard.type("Bus");
    await expect(form.role).toHaveValue("Business");

    await key("Tab");
    await expect(form.sectors).toBeFocused();
    await key("Enter");
    await expect.poll(() => accessibleExpanded(form.sectors)).toBe(true);
    await key("Tab");
    await expect(page.getByRole("checkbox", { name: "Healthcare" })).toBeFocused();
    await key("Space");
    await key("Tab");
    await key("Tab");
    await key("Tab");
    await expect(page.getByRole("checkbox", { name: "IT & Technology" })).toBeFocused();
    await key("Space");
    await key("Escape");
    await expect(form.sectors).toBeFocused();
    await expect.poll(() => accessibleExpanded(form.sectors)).toBe(false);
    await expect(form.sectors).toHaveText(/2 selected/);

    await key("Tab");
    await expect(form.needs).toBeFocused();
    await key("Space");
    await key("Tab");
    await key("Tab");
    await expect(page.getByRole("checkbox", { name: "Payroll" })).toBeFocused();
    await key("Space");
    // Tabbing past the last option leaves the list, which closes behind it.
    for (let i = 2; i < needOptions.length; i += 1) await key("Tab");
    await expect(page.getByRole("checkbox", { name: "Other" }).last()).toBeFocused();
    await key("Tab");
    await expect(form.message).toBeFocused();
    await expect.poll(() => accessibleExpanded(form.needs)).toBe(false);
    await expect(form.needs).toHaveText(/1 selected/);

    await page.keyboard.type("Hello");
    await key("Tab");
    await expect(form.consent).toBeFocused();
    await key("Space");
    await key("Tab");
    await expect(page.getByRole("link", { name: copy.privacyLink.label })).toBeFocused();
    await key("Tab");
    await expect(form.submit).toBeFocused();
    await key("Enter");
    await expect(form.status).toHaveText(SUCCESS);
    expect(api.calls[0]?.entries).toEqual([
      ["name", "Ann Smith"], ["email", "ann@example.co.uk"], ["phone", "07700 900123"], ["salutation", "Business"],
      ["sector", "Healthcare,IT & Technology"], ["you_need", "Payroll"], ["message", "Hello"],
    ]);
  });

  test("axe finds no violations with a multi-select open", async ({ page }) => {
    await page.goto("/contact");
    const form = contact(page);
    await form.sectors.click();
    await (await panel(page, form.sectors)).getByRole("checkbox", { name: "Engineering" }).click();
    await expect.poll(() => accessibleExpanded(form.sectors)).toBe(true);
    await expectNoAxeViolations(page);
  });
});

test("the validation schema is not downloaded with the page: it arrives when the visitor first focuses the form", async ({ page }) => {
  // Words that only the contract's schema (contract/lead.ts) holds: the field messages are built there from the table.
  const schemaMarker = "Unknown field.";
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.url().endsWith(".js")) scripts.push(await response.text().catch(() => ""));
  });
  await acknowledgeBanners(page);
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((code) => code.includes(schemaMarker))).toBe(false);
  await contact(page).name.focus();
  await expect.poll(() => scripts.some((code) => code.includes(schemaMarker))).toBe(true);
});

// The form is an island whose code comes after the page (client:load): a visitor
// on a slow connection may start typing before it has arrived.
base("what a visitor types before the enquiry form's code arrives is kept, and sent once it has", async ({ page }) => {
  await acknowledgeBanners(page);
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  // The island's own module, as the page names it: its words are its props, so its code holds none to know it by.
  const { html } = await rawHtml(page.request, "/contact");
  const island = /<astro-island\b[^>]*\bcomponent-url="([^"]+)"[^>]*\bcomponent-export="ContactForm"/.exec(html)?.[1];
  expect(island).toBeTruthy();
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (new URL(route.request().url()).pathname === island) await held;
    await route.continue();
  });
  await page.goto("/contact");
  // The rest of the page's code has run (its custom elements are defined); the form's island has not hydrated.
  await expect.poll(() => undefinedElements(page)).toEqual([]);
  expect(await contact(page).form.evaluate((form) => form.closest("astro-island")?.hasAttribute("ssr"))).toBe(true);
  await fillRequired(page);
  await contact(page).message.fill("Typed while the form was loading.");
  release();
  await waitForHydration(page);
  const form = contact(page);
  await expect(form.name).toHaveValue("Ann Smith");
  await expect(form.consent).toBeChecked();
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/contactus") && request.method() === "POST");
  await form.submit.click();
  const body = (await sent).postData() ?? "";
  for (const value of ["Ann Smith", "ann@example.co.uk", "Freelancer", "Typed while the form was loading."]) expect(body).toContain(value);
  await expect(form.status).toHaveText(SUCCESS);
});
