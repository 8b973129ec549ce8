import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { acknowledgeBanners, expect, isPhone, test as base, waitForHydration } from "./fixtures";
import { signInAsOwner } from "./team-sign-in";
import { analyticsCopy } from "../app/admin/data/admin-analytics";
import { teamNavCopy } from "../app/admin/data/admin-team";
import { contactFormCopy, contactFormLabels } from "../app/data/contact";
import { newsletterFormCopy } from "../app/data/newsletter";
import { paths } from "../app/data/paths";
import { ALL_PAGES, type FieldRow, type PageSummary } from "../contract/analytics";
import { readEntry } from "../scripts/build/content-files";

const newsletterCopy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const contactForm = { ...contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml")), labels: contactFormLabels };
const newsletterConfirmPage = readEntry("pages/newsletter-confirm.yaml");

// Cookieless analytics end to end: a visitor lands from a campaign, follows a
// link to the contact page, sends an enquiry and signs up, confirms
// from the email; the owner's dashboard and the CLI show the visit and both
// leads against the landing page and the campaign, and the analytics left no
// cookie and no storage entry in the visitor's browser.

const dataDir = process.env.E2E_DATA_DIR ?? "build/e2e-data";
const HUMAN_PAUSE_MS = 2100;
/** The banners' own acknowledgements (acknowledgeBanners); the analytics must add nothing beside them. */
const BANNER_KEYS = ["cookiesAccepted", "disclaimerAccepted"];

function confirmLink(email: string): string {
  const db = new Database(path.join(dataDir, "leads.db"), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select id from outbox where lead_email = ? and topic = 'confirm-subscription' and status = 'sent'").get(email) as { id: string } | undefined;
    if (!row) return "";
    const raw = readFileSync(path.join(dataDir, "outbox-mail", `${row.id}.eml`), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const url = new URL(/Confirm my subscription: (\S+)/.exec(raw)![1]!);
    return `${url.pathname}${url.search}`;
  } finally {
    db.close();
  }
}

// One visitor of its own: the server tells visitors apart by address and browser, and the other tests
// run beside this one from the same address in the same browser; sharing them would share the visit.
const test = base.extend({
  userAgent: async ({ userAgent }, use) => use(`${userAgent ?? ""} Visitor/${randomUUID().slice(0, 8)}`),
});

test.beforeEach(async ({ page }) => acknowledgeBanners(page));

test("a campaign visit's enquiry and confirmed sign-up reach the dashboard and the CLI, with no cookie or storage", async ({ page, context }) => {
  // Each project lands on its own page with its own campaign, so parallel runs never share a row.
  const landing = isPhone(page) ? paths.agencies : paths.freelancers;
  const campaign = `e2e-${randomUUID().slice(0, 8)}`;
  const email = `analytics.${randomUUID()}@example.co.uk`;
  const events: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/event")) events.push(request.postData() ?? "");
  });

  await page.goto(`${landing}?utm_source=e2e&utm_medium=test&utm_campaign=${campaign}`);
  await expect.poll(() => events.some((body) => body.includes('"e":"view"') && body.includes('"x":1'))).toBe(true);

  // A link loads the next page, which knows only itself; the server keeps the visit's landing.
  const nav = isPhone(page) ? page.getByRole("button", { name: /menu/i }).first() : null;
  if (nav) await nav.click();
  await page.getByRole("link", { name: "Contact", exact: true }).first().click();
  await expect(page).toHaveURL(paths.contact);
  const form = page.getByRole("main").locator("form");
  await form.getByLabel(contactForm.labels.name).fill("Ann Analytics");
  await form.getByLabel(contactForm.labels.email).fill(email);
  await form.getByLabel(contactForm.labels.role).selectOption("Agency");
  await form.getByRole("checkbox", { name: contactForm.consent }).click();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await form.getByRole("button", { name: contactForm.submit }).click();
  await expect(form.getByRole("status")).toHaveText(contactForm.success);

  const footer = page.getByRole("contentinfo");
  await footer.getByLabel(newsletterCopy.emailLabel).fill(email);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await footer.getByRole("button", { name: newsletterCopy.submit }).click();
  await expect(footer.getByRole("status")).toHaveText(newsletterCopy.success);

  // What the analytics left behind in the browser: nothing.
  expect(await context.cookies()).toEqual([]);
  const storage = await page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage) }));
  expect(storage).toEqual({ local: BANNER_KEYS, session: [] });
  expect(events.some((body) => body.includes('"e":"form_start"') && body.includes('"f":"contact"'))).toBe(true);

  // The confirmation, from the email, in a new page load: still credited to the campaign.
  let link = "";
  await expect.poll(() => (link = confirmLink(email))).not.toBe("");
  await page.goto(link);
  await page.getByRole("button", { name: newsletterConfirmPage.ready.button }).click();
  await expect(page.getByRole("heading", { level: 1, name: newsletterConfirmPage.done.title })).toBeVisible();

  // The owner's dashboard.
  await signInAsOwner(page);
  await page.goto(paths.admin);
  await page.getByRole("navigation", { name: teamNavCopy.label }).getByRole("button", { name: teamNavCopy.analytics }).click();
  const campaigns = page.getByRole("region", { name: analyticsCopy.sections.campaigns.heading });
  // Counts reach the store every ANALYTICS_FLUSH_MS: show the range again until they have.
  await expect(async () => {
    await page.getByRole("button", { name: analyticsCopy.range.show }).click();
    const row = campaigns.getByRole("row", { name: new RegExp(`^${campaign} `) });
    // Visits, visitors, enquiries, subscriptions, conversion. Other tests browse from this same address and
    // browser today, so this visit's person may already have been counted as a visitor (hence 0 or 1).
    await expect(row.getByRole("cell")).toHaveText(["1", /^[01]$/, "1", "1", "200.0%"], { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const pages = page.getByRole("region", { name: analyticsCopy.sections.pages.heading });
  await expect(pages.getByRole("rowheader", { name: landing, exact: true })).toBeVisible();
  const funnel = page.getByRole("region", { name: analyticsCopy.sections.forms.heading }).getByRole("row", { name: new RegExp(`^${analyticsCopy.forms.contact} `) });
  await expect(funnel.getByRole("cell").nth(3)).not.toHaveText("0");

  // The CLI: the landing page has the view and both leads.
  const today = new Date().toISOString().slice(0, 10);
  const out = execFileSync("node", ["--import", "tsx", "server/analytics-cli.ts", "summary", "--since", today, "--format", "json"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  const row = (JSON.parse(out) as PageSummary[]).find((summary) => summary.page === landing);
  expect(row?.views).toBeGreaterThanOrEqual(1);
  expect(row?.enquiries).toBeGreaterThanOrEqual(1);
  expect(row?.subscriptions).toBeGreaterThanOrEqual(1);
});

/** The contact form's fields on phones over every page, as the CLI reads them: the figures before this test's visits. */
function phoneFields(): Map<string, FieldRow> {
  const today = new Date().toISOString().slice(0, 10);
  const out = execFileSync("node", ["--import", "tsx", "server/analytics-cli.ts", "funnel", "--form", "contact", "--since", today, "--format", "json"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  const rows = (JSON.parse(out) as { fields: FieldRow[] }).fields.filter((row) => row.page === ALL_PAGES && row.device === "phone");
  return new Map(rows.map((row) => [row.field, row]));
}

test("where phone visitors leave the contact form, and the message they met, reach the dashboard exactly @phone-only", async ({ page, context }) => {
  const before = phoneFields();
  const labels = contactForm.labels;
  /**
   * One visitor: a tab of their own on the contact page, what they do there, then they close the tab, which
   * hides the page and sends its leave beacon. (Following a link away sends it too, but headless Chromium sends
   * a beacon that outlives its page with its own User-Agent, "HeadlessChrome", not the context's, and the server
   * counts no bot: so the visitors close their tabs.)
   */
  async function visitor(act: (form: Locator, tab: Page) => Promise<void>) {
    const tab = await context.newPage();
    await acknowledgeBanners(tab);
    const viewed = tab.waitForRequest((request) => request.url().endsWith("/api/event") && (request.postData() ?? "").includes('"e":"view"'));
    await tab.goto(paths.contact);
    await waitForHydration(tab);
    await viewed;
    await act(tab.getByRole("main").locator("form"), tab);
    await tab.close();
  }

  // One types a name and a malformed address, presses send, meets the email's message and leaves.
  await visitor(async (form) => {
    await form.getByLabel(labels.name).fill("Ann Analytics");
    await form.getByLabel(labels.email).fill("ann@");
    await form.getByRole("button", { name: contactForm.submit }).click();
    await expect(form.getByLabel(labels.email)).toHaveAttribute("aria-invalid", "true");
  });

  // One fills everything but the consent and leaves at the message.
  await visitor(async (form) => {
    await form.getByLabel(labels.name).fill("Bob Analytics");
    await form.getByLabel(labels.email).fill(`bob.${randomUUID()}@example.co.uk`);
    await form.getByLabel(labels.role).selectOption("Agency");
    await form.getByLabel(labels.message).fill("Thinking about it");
  });

  // One sends.
  await visitor(async (form, tab) => {
    await form.getByLabel(labels.name).fill("Cat Analytics");
    await form.getByLabel(labels.email).fill(`cat.${randomUUID()}@example.co.uk`);
    await form.getByLabel(labels.role).selectOption("Business");
    await form.getByRole("checkbox", { name: contactForm.consent }).click();
    await tab.waitForTimeout(HUMAN_PAUSE_MS);
    await form.getByRole("button", { name: contactForm.submit }).click();
    await expect(form.getByRole("status")).toHaveText(contactForm.success);
  });

  // Reached, left here, left empty, not valid, too long, corrected: this test's three visitors on top of what was there.
  const added: Record<string, readonly number[]> = {
    name: [3, 0, 0, 0, 0, 0],
    email: [3, 1, 0, 1, 0, 0],
    phone: [0, 0, 0, 0, 0, 0],
    role: [2, 0, 1, 0, 0, 0],
    message: [1, 1, 0, 0, 0, 0],
  };
  await signInAsOwner(page);
  await page.goto(paths.admin);
  await page.getByRole("navigation", { name: teamNavCopy.label }).getByRole("button", { name: teamNavCopy.analytics }).click();
  const onPhones = page.getByRole("region", { name: analyticsCopy.sections.fields.heading }).getByRole("group", { name: analyticsCopy.onDevice(analyticsCopy.forms.contact, "phone") });
  await expect(async () => {
    await page.getByRole("button", { name: analyticsCopy.range.show }).click();
    for (const [field, delta] of Object.entries(added)) {
      const was = before.get(field);
      const expected = [was?.reached, was?.left, was?.missing, was?.format, was?.tooLong, was?.corrected].map((n, i) => String((n ?? 0) + delta[i]!));
      await expect(onPhones.getByRole("row", { name: new RegExp(`^${analyticsCopy.fieldLabels.contact[field]} `) }).getByRole("cell")).toHaveText(expected, { timeout: 1000 });
    }
  }).toPass({ timeout: 15_000 });
});

/** The contact form's fields over every page for one source's visits, as the CLI reads them, and its sends and unsent leaves. */
function fieldsFrom(source: string) {
  const today = new Date().toISOString().slice(0, 10);
  const out = execFileSync("node", ["--import", "tsx", "server/analytics-cli.ts", "funnel", "--form", "contact", "--source", source, "--since", today, "--format", "json"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  const funnel = JSON.parse(out) as { fields: FieldRow[]; times: { page: string; device: string; sent: number; abandoned: number }[] };
  const fields = new Map(funnel.fields.filter((row) => row.page === ALL_PAGES).map((row) => [row.field, row]));
  const times = funnel.times.find((row) => row.page === ALL_PAGES);
  return { fields, sent: times?.sent ?? 0, abandoned: times?.abandoned ?? 0 };
}

test("a visitor's trail is kept by the source of their visit: a send, no leave, read with the CLI's --source", async ({ context }) => {
  // This test's own source, so the CLI's --source reads its visits apart from every other test's (the phone's
  // field test reads the phone's rows, which this desktop visit leaves alone).
  const source = "e2e-by-source";
  const before = fieldsFrom(source);
  const labels = contactForm.labels;
  const tab = await context.newPage();
  await acknowledgeBanners(tab);
  const viewed = tab.waitForRequest((request) => request.url().endsWith("/api/event") && (request.postData() ?? "").includes('"e":"view"'));
  await tab.goto(`${paths.contact}?utm_source=${source}`);
  await waitForHydration(tab);
  await viewed;
  const form = tab.getByRole("main").locator("form");
  await form.getByLabel(labels.name).fill("Dee Analytics");
  await form.getByLabel(labels.email).fill(`dee.${randomUUID()}@example.co.uk`);
  await form.getByLabel(labels.role).selectOption("Freelancer");
  await form.getByRole("checkbox", { name: contactForm.consent }).click();
  await tab.waitForTimeout(HUMAN_PAUSE_MS);
  await form.getByRole("button", { name: contactForm.submit }).click();
  await expect(form.getByRole("status")).toHaveText(contactForm.success);
  // Closing the tab hides the page: its leave beacon carries the trail and the visit's source.
  await tab.close();

  await expect(async () => {
    const after = fieldsFrom(source);
    expect(after.sent - before.sent).toBe(1);
    expect(after.abandoned - before.abandoned).toBe(0);
    for (const field of ["name", "email", "role"]) {
      expect(after.fields.get(field)?.left ?? 0, field).toBe(before.fields.get(field)?.left ?? 0);
      expect((after.fields.get(field)?.reached ?? 0) - (before.fields.get(field)?.reached ?? 0), field).toBe(1);
    }
  }).toPass({ timeout: 15_000 });
});
