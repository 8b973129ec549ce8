import type { Locator, Page } from "@playwright/test";
import { contactFormCopy, contactFormLabels } from "../app/data/contact";
import { paths } from "../app/data/paths";
import { shellEntries } from "../app/data/shell.test-support";
import { sectorOptions } from "../contract/lead";
import { readEntry } from "../scripts/build/content-files";
import { accessibleExpanded, acknowledgeBanners, expect, isPhone, test, waitForHydration } from "./fixtures";

const site = shellEntries.brand;
const copy = { ...contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml")), labels: contactFormLabels };
const resourcesFaq = readEntry("faqs/*.yaml", "resources");

// Every control whose visible words sit inside a label or a larger target,
// pressed where a hand presses it: the mouse at the centre of its words on a
// desktop, a tap on the phone, and the keyboard. No check(), no dispatched
// events: what the person does, not what the code does.

/** A click on the desktop, a tap on the phone, at the centre of the locator's box. */
async function press(page: Page, target: Locator) {
  if (isPhone(page)) await target.tap();
  else await target.click();
}

/** The same at a point of the page. */
async function pressAt(page: Page, x: number, y: number) {
  if (isPhone(page)) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** The words of the option `name` inside the multi-select's panel: its label's text, not its box. */
const optionWords = (panel: Locator, name: string) => panel.locator("label").filter({ hasText: name }).getByText(name, { exact: true });

async function sectorsOnContact(page: Page) {
  await page.goto(paths.contact);
  const form = page.getByRole("main").locator("form");
  const button = form.getByRole("button", { name: new RegExp(`^${copy.labels.sectors} `) });
  const panelId = await button.getAttribute("aria-controls");
  return { form, button, panel: page.locator(`[id="${panelId}"]`) };
}

test("multi-select: a press on an option's words, its padding or its box ticks it and keeps the panel open", { tag: "@phone" }, async ({ visitorTab: page }) => {
  const { button, panel } = await sectorsOnContact(page);
  const [healthcare, construction, engineering] = sectorOptions;

  // The button's own words open it.
  await press(page, button.getByText("Select options"));
  await expect(panel).toBeVisible();

  // The option's words: the press that used to close the panel and tick nothing.
  await press(page, optionWords(panel, healthcare));
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("checkbox", { name: healthcare })).toBeChecked();
  await expect(button).toHaveText(/1 selected/);

  // The option's padding: the empty right-hand end of its row, away from box and words.
  const row = await panel.locator("label").filter({ hasText: construction }).boundingBox();
  expect(row).not.toBeNull();
  await pressAt(page, row!.x + row!.width - 8, row!.y + row!.height / 2);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("checkbox", { name: construction })).toBeChecked();

  // The box itself.
  await press(page, panel.getByRole("checkbox", { name: engineering }));
  await expect(panel.getByRole("checkbox", { name: engineering })).toBeChecked();
  await expect(button).toHaveText(/3 selected/);

  // A second press on the words unticks it, and the panel is still open.
  await press(page, optionWords(panel, healthcare));
  await expect(panel.getByRole("checkbox", { name: healthcare })).not.toBeChecked();
  await expect(panel).toBeVisible();
  await expect(button).toHaveText(/2 selected/);
  await expect.poll(() => accessibleExpanded(button)).toBe(true);

  // The panel's own padding, above the first row, ticks nothing and closes nothing. Mouse only: a
  // finger that close to a row is taken for a press on it (the browser's touch adjustment).
  if (!isPhone(page)) {
    const box = await panel.boundingBox();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + 3);
    await expect(panel).toBeVisible();
    await expect(button).toHaveText(/2 selected/);
  }
});

test("multi-select: the panel closes on the button, a press outside, Escape and tabbing out", { tag: "@phone" }, async ({ visitorTab: page }) => {
  const { form, button, panel } = await sectorsOnContact(page);

  await press(page, button);
  await press(page, optionWords(panel, sectorOptions[1]));
  await expect(panel).toBeVisible();
  // The button again.
  await press(page, button);
  await expect(panel).toBeHidden();
  await expect.poll(() => accessibleExpanded(button)).toBe(false);

  // A press outside, on the form's words.
  await press(page, button);
  await expect(panel).toBeVisible();
  await press(page, form.getByText(copy.requiredNote));
  await expect(panel).toBeHidden();

  // Escape after a press on an option's words: focus goes back to the button.
  await press(page, button);
  await press(page, optionWords(panel, sectorOptions[2]));
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();

  // Tabbing past the last option closes it; focus is on the next field.
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  for (let i = 0; i <= sectorOptions.length; i += 1) await page.keyboard.press("Tab");
  await expect(panel).toBeHidden();
  await expect(form.getByRole("button", { name: new RegExp(`^${copy.labels.needs} `) })).toBeFocused();
  // Both presses on words counted, nothing else.
  await expect(button).toHaveText(/2 selected/);
});

test("consent: a press on the sentence ticks the box and a second unticks it", { tag: "@phone" }, async ({ visitorTab: page }) => {
  await page.goto(paths.contact);
  const form = page.getByRole("main").locator("form");
  const consent = form.getByRole("checkbox", { name: copy.consent });
  await press(page, form.getByText(copy.consent));
  await expect(consent).toBeChecked();
  await press(page, form.getByText(copy.consent));
  await expect(consent).not.toBeChecked();
});

test("FAQ: a press on a question's words opens its answer, a second closes it", { tag: "@phone" }, async ({ visitorTab: page }) => {
  await page.goto(paths.resources);
  const faq = page.getByRole("region", { name: resourcesFaq.heading });
  const item = resourcesFaq.items[0]!;
  await press(page, faq.getByText(item.question, { exact: true }));
  await expect(faq.getByText(item.answer)).toBeVisible();
  await press(page, faq.getByText(item.question, { exact: true }));
  await expect(faq.getByText(item.answer)).toBeHidden();
});

test("header dropdown: the entry's words open it, an item's words go to its page", async ({ visitorTab: page }) => {
  await page.goto(paths.about);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "News submenu" }).click();
  await nav.getByText("Payroll & Compliance", { exact: true }).click();
  await expect(page).toHaveURL(/\/spotlight\/payroll$/);
  await expect(nav.getByText("Payroll & Compliance", { exact: true })).toBeHidden();
});

test("mobile menu: a tap on a link's words goes to its page and closes the menu", { tag: "@phone-only" }, async ({ visitorTab: page }) => {
  await page.goto(paths.about);
  await page.getByRole("button", { name: "Open menu" }).tap();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByText("Contact", { exact: true }).tap();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(menu).toBeHidden();
});

test("notices: a press on a button's words closes its notice", { tag: "@phone" }, async ({ page }) => {
  await page.goto(paths.about);
  const accept = page.getByRole("button", { name: "Accept All" });
  await press(page, accept.getByText("Accept All"));
  await expect(accept).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
});

test("newsletter: a press on the label's words puts the cursor in the field, and Enter there answers", { tag: "@phone" }, async ({ visitorTab: page }) => {
  await page.goto(paths.about);
  const footer = page.getByRole("contentinfo");
  // The form's code (`<newsletter-signup>`) runs with the page's script, which the page's load waited for.
  const field = footer.getByRole("textbox", { name: "Email address" });
  await field.scrollIntoViewIfNeeded();
  await press(page, footer.getByText("Email address", { exact: true }));
  await expect(footer.getByRole("textbox", { name: "Email address" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(footer.getByRole("status")).toHaveText("Please enter a valid email address.");
  await expect(page).toHaveTitle(new RegExp(site.name));
});

test("header: on the page a link has just loaded, the first press on News opens its dropdown, which stays open once the page's code has run", async ({ page }) => {
  await acknowledgeBanners(page);
  await page.goto(paths.home);
  await page.getByRole("main").getByText("I'm a Freelancer", { exact: true }).click();
  await expect(page).toHaveURL(/\/freelancers$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The next page's own header: it marks where the visitor is now.
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Freelancers", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");
  // Pressed as soon as it shows, whether or not the page's code has run yet.
  const news = nav.getByRole("button", { name: "News submenu" });
  await news.click();
  await expect(nav.getByRole("link", { name: "Spotlight On" })).toBeVisible();
  // Announced as expanded by the browser itself: a popover's invoker carries no aria-expanded.
  await expect.poll(() => accessibleExpanded(news)).toBe(true);
  await waitForHydration(page);
  await expect(nav.getByRole("link", { name: "Spotlight On" })).toBeVisible();
  expect(await accessibleExpanded(news)).toBe(true);
});
