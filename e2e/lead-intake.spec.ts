import { randomUUID } from "node:crypto";
import { acknowledgeBanners, expect, expectNoAxeViolations, test } from "./fixtures";
import { storedRows } from "./stored-leads";
import { contactFormCopy, contactFormLabels, contactReceivedCopy } from "../app/data/contact";
import { newsletterFormCopy, newsletterSubscribedCopy } from "../app/data/newsletter";
import { paths } from "../app/data/paths";
import { CONTACT_ENDPOINT, headers, refusalPageCopy } from "../contract/lead";
import { pageScriptHeaders } from "../server/spam/browser-post.test-support";
import { confirmSend } from "./send-confirm";
import { readEntry } from "../scripts/build/content-files";

const newsletterCopy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const contactForm = { ...contactFormCopy(readEntry("forms/enquiry.yaml"), readEntry("site/brand.yaml")), labels: contactFormLabels };
const sendConfirmPage = readEntry("pages/send-confirm.yaml");
const newsletterSubscribedPage = newsletterSubscribedCopy(readEntry("pages/newsletter-subscribed.yaml"), readEntry("forms/newsletter.yaml"));
const contactReceivedPage = contactReceivedCopy(readEntry("pages/contact-received.yaml"), readEntry("forms/enquiry.yaml"));

// The whole path with no mock: a visitor submits in the browser, the real
// server validates and stores, and the lead is in the database afterwards.

// A person takes more than the server's minimum time-to-submit (2 s) to fill a form in.
const HUMAN_PAUSE_MS = 2100;

test.beforeEach(async ({ page }) => acknowledgeBanners(page));

test("an enquiry sent from /contact is stored once, with its consent record", async ({ page }) => {
  const email = `ann.${randomUUID()}@example.co.uk`;
  await page.goto("/contact");
  const form = page.getByRole("main").locator("form");
  await form.getByLabel(contactForm.labels.name).fill("Ann Smith");
  await form.getByLabel(contactForm.labels.email).fill(email);
  await form.getByLabel(contactForm.labels.role).selectOption("Agency");
  await form.getByRole("button", { name: new RegExp(`^${contactForm.labels.needs} `) }).click();
  await form.getByRole("checkbox", { name: "Payroll" }).click();
  await form.getByRole("checkbox", { name: "Training" }).click();
  await page.keyboard.press("Escape");
  await form.getByLabel(contactForm.labels.message).fill(`<script>alert(1)</script> We place 40 nurses a month.`);
  await form.getByRole("checkbox", { name: contactForm.consent }).click();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await form.getByRole("button", { name: contactForm.submit }).click();
  await expect(form.getByRole("status")).toHaveText(contactForm.success);

  const rows = storedRows("enquiries", email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: "Ann Smith", role: "Agency", message: "<script>alert(1)</script> We place 40 nurses a month." });
  expect(JSON.parse(String(rows[0]!.needs))).toEqual(["Payroll", "Training"]);
  expect(rows[0]!.consent_version).toBeTruthy();
  expect(rows[0]!.consent_at).toBeTruthy();
  expect(rows[0]!.source_page).toBe("/contact");
});

test("a newsletter sign-up from the footer is stored as a pending subscriber", async ({ page }) => {
  const email = `sam.${randomUUID()}@example.co.uk`;
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel(newsletterCopy.emailLabel).fill(email);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await footer.getByRole("button", { name: newsletterCopy.submit }).click();
  await expect(footer.getByRole("status")).toHaveText(newsletterCopy.success);
  await expect(footer.getByLabel(newsletterCopy.emailLabel)).toHaveValue("");
  const rows = storedRows("subscribers", email);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.status).toBe("pending");
});

test("both forms send a proof of work the server verifies, and reach the inbox with the spam filter on", async ({ page, request }) => {
  const email = `proof.${randomUUID()}@example.co.uk`;
  const sent: Record<string, string>[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(CONTACT_ENDPOINT) && r.method() === "POST") sent.push(r.headers());
  });
  await page.goto("/contact");
  const form = page.getByRole("main").locator("form");
  await form.getByLabel(contactForm.labels.name).fill("Pat Proof");
  await form.getByLabel(contactForm.labels.email).fill(email);
  await form.getByLabel(contactForm.labels.role).selectOption("Freelancer");
  await form.getByLabel(contactForm.labels.message).fill("My work: https://pat.example and github.com/pat");
  await form.getByText(contactForm.consent).click();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await form.getByRole("button", { name: contactForm.submit }).click();
  await expect(form.getByRole("status")).toHaveText(contactForm.success);

  const footer = page.getByRole("contentinfo");
  await footer.getByLabel(newsletterCopy.emailLabel).fill(email);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await footer.getByRole("button", { name: newsletterCopy.submit }).click();
  await expect(footer.getByRole("status")).toHaveText(newsletterCopy.success);

  expect(storedRows("enquiries", email)).toHaveLength(1);
  expect(storedRows("subscribers", email)).toHaveLength(1);
  expect(storedRows("suspected_spam", email)).toEqual([]);
  expect(sent.map((request) => Boolean(request[headers.proofOfWork.toLowerCase()]))).toEqual([true, true]);
  // Only a proof that verified is spent: the same proof with other words is then a replay.
  const copied = `copied.${randomUUID()}@example.co.uk`;
  const replay = await request.post(CONTACT_ENDPOINT, {
    multipart: { name: "Copy Cat", email: copied, salutation: "Agency", message: "Other words" },
    headers: { ...pageScriptHeaders, [headers.proofOfWork]: sent[0]![headers.proofOfWork.toLowerCase()]!, [headers.shownMs]: "9000" },
  });
  expect(replay.status()).toBe(200);
  expect(storedRows("suspected_spam", copied).map((row) => JSON.parse(row.reasons!) as string[])).toEqual([["pow-replayed"]]);
});

test.describe("before the page's script has run (here: never, JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });

  test("a newsletter sign-up is a plain form post: checked by the browser, shown back with one Send, then stored, and the visitor told to check their email", async ({ page }) => {
    const email = `early.${randomUUID()}@example.co.uk`;
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    const submit = footer.getByRole("button", { name: newsletterCopy.submit });

    // The browser's own validation stops an empty address: the page stays.
    await submit.click();
    await expect(page).toHaveURL(/\/about$/);

    await footer.getByLabel(newsletterCopy.emailLabel).fill(email);
    await submit.click();
    // Nothing is stored as a sign-up before the one press: a bot posting the form's HTML never makes it.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sendConfirmPage.heading);
    expect(storedRows("subscribers", email)).toHaveLength(0);
    await confirmSend(page, [email], (target) => target.click());
    await expect(page).toHaveURL(new RegExp(`${paths.newsletterSubscribed}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterSubscribedPage.heading);
    await expect(page.getByText(newsletterSubscribedPage.text)).toBeVisible();
    const rows = storedRows("subscribers", email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", source_page: "/about" });
  });

  test("an enquiry is a plain form post too: checked by the browser, shown back with one Send, then stored, and the visitor told it was received", async ({ page }) => {
    const email = `early.${randomUUID()}@example.co.uk`;
    await page.goto(paths.contact);
    const form = page.getByRole("main").locator("form");
    const submit = form.getByRole("button", { name: contactForm.submit });

    // The browser's own validation stops a form without its required fields: the page stays.
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`${paths.contact}$`));

    await form.getByLabel(contactForm.labels.name).fill("Early Visitor");
    await form.getByLabel(contactForm.labels.email).fill(email);
    await form.getByLabel(contactForm.labels.role).selectOption("Agency");
    await form.getByLabel(contactForm.labels.message).fill("Sent before any script ran.");
    await form.getByRole("checkbox").click();
    await submit.click();
    await confirmSend(page, ["Early Visitor", email, "Agency", "Sent before any script ran."], (target) => target.click());
    await expect(page).toHaveURL(new RegExp(`${paths.contactReceived}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(contactReceivedPage.heading);
    await expect(page.getByText(contactReceivedPage.text)).toBeVisible();
    const rows = storedRows("enquiries", email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Early Visitor", role: "Agency", message: "Sent before any script ran.", source_page: paths.contact });
    expect(storedRows("suspected_spam", email)).toEqual([]);
  });

  test("an enquiry the browser lets through but the contract refuses shows what to fix, and Back keeps what was typed", async ({ page }) => {
    const email = `early.${randomUUID()}@example.co.uk`;
    await page.goto(paths.contact);
    const form = page.getByRole("main").locator("form");
    // Spaces satisfy the browser's `required`; the contract trims them away.
    await form.getByLabel(contactForm.labels.name).fill("   ");
    await form.getByLabel(contactForm.labels.email).fill(email);
    await form.getByLabel(contactForm.labels.role).selectOption("Agency");
    await form.getByLabel(contactForm.labels.message).fill("Kept for the second try.");
    await form.getByRole("checkbox").click();
    await form.getByRole("button", { name: contactForm.submit }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(refusalPageCopy.title);
    await expect(page.getByRole("listitem")).toHaveText(["Please enter your name."]);
    expect(storedRows("enquiries", email)).toHaveLength(0);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${paths.contact}$`));
    await expect(form.getByLabel(contactForm.labels.email)).toHaveValue(email);
    await expect(form.getByLabel(contactForm.labels.message)).toHaveValue("Kept for the second try.");
  });
});

test("the page a refused native form post gets has no axe violations", async ({ page, baseURL }) => {
  // axe needs JavaScript, which the browser above had off: fetch the page as that browser's post would, then show it.
  const response = await page.request.post(CONTACT_ENDPOINT, {
    headers: { accept: "text/html", origin: baseURL ?? "", referer: `${baseURL}${paths.contact}` },
    form: { name: "   ", email: "spaces@example.co.uk", salutation: "Agency", message: "Refused." },
  });
  expect(response.status()).toBe(400);
  await page.setContent(await response.text());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(refusalPageCopy.title);
  await expectNoAxeViolations(page);
});
