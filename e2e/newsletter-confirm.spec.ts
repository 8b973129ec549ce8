import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { acknowledgeBanners, expect, expectNoAxeViolations, test } from "./fixtures";
import { newsletterFormCopy } from "../app/data/newsletter";
import { paths } from "../app/data/paths";
import { readEntry } from "../scripts/build/content-files";

const newsletterCopy = newsletterFormCopy(readEntry("forms/newsletter.yaml"));
const newsletterConfirmPage = readEntry("pages/newsletter-confirm.yaml");
const newsletterUnsubscribePage = readEntry("pages/newsletter-unsubscribe.yaml");

// Double opt-in and unsubscribe end to end: a footer sign-up on the real
// server, the confirmation email it writes under DATA_DIR/outbox-mail (no SMTP
// here), and the pages its links open.

const dataDir = process.env.E2E_DATA_DIR ?? "build/e2e-data";
// A person takes more than the server's minimum time-to-submit (2 s) to fill a form in.
const HUMAN_PAUSE_MS = 2100;

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(dataDir, "leads.db"), { fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const subscriber = (email: string) => query<{ status: string; confirmed_at: string | null }>("select status, confirmed_at from subscribers where email = ?", email)[0];

/** The confirmation email the server wrote for this address, once the outbox has delivered it. */
async function confirmationEmail(email: string) {
  let id = "";
  await expect
    .poll(() => {
      id = query<{ id: string }>("select id from outbox where lead_email = ? and topic = 'confirm-subscription' and status = 'sent' order by created_at desc", email)[0]?.id ?? "";
      return id;
    })
    .not.toBe("");
  // Undo quoted-printable (soft line breaks, "=" as =3D): the links' other characters are never encoded.
  const raw = readFileSync(path.join(dataDir, "outbox-mail", `${id}.eml`), "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  const link = (pattern: RegExp) => new URL(pattern.exec(raw)![1]!);
  return {
    confirm: link(/Confirm my subscription: (\S+)/),
    unsubscribePage: link(/Unsubscribe: (\S+)/),
    oneClick: link(/^List-Unsubscribe:\s+<([^>]+)>/m),
  };
}

/** Relative to the test server: the emails carry PUBLIC_SITE_URL. */
const local = (url: URL) => `${url.pathname}${url.search}`;

async function signUp(page: Page, email: string) {
  await page.goto(paths.about);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel(newsletterCopy.emailLabel).fill(email);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await footer.getByRole("button", { name: newsletterCopy.submit }).click();
  await expect(footer.getByRole("status")).toHaveText(newsletterCopy.success);
  return confirmationEmail(email);
}

test.beforeEach(async ({ page }) => acknowledgeBanners(page));

test("a sign-up is confirmed from the emailed link with one press of the button, from the keyboard", async ({ page }) => {
  const email = `confirm.${randomUUID()}@example.co.uk`;
  const links = await signUp(page, email);
  expect(links.confirm.pathname).toBe(paths.newsletterConfirm);

  await page.goto(local(links.confirm));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterConfirmPage.ready.title);
  // Opening the link confirms nobody: only the button does.
  expect(subscriber(email)?.status).toBe("pending");
  const button = page.getByRole("button", { name: newsletterConfirmPage.ready.button });
  await button.focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: newsletterConfirmPage.done.title });
  await expect(heading).toBeFocused();
  await expect(page.getByText(newsletterConfirmPage.done.text)).toBeVisible();
  expect(subscriber(email)).toMatchObject({ status: "confirmed" });
  expect(subscriber(email)?.confirmed_at).toBeTruthy();
  await expectNoAxeViolations(page);

  // The link is single-use.
  await page.goto(local(links.confirm));
  await page.getByRole("button", { name: newsletterConfirmPage.ready.button }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterConfirmPage.invalid.title);
});

test("an expired or unknown link says so and offers a way to sign up again", async ({ page }) => {
  const email = `late.${randomUUID()}@example.co.uk`;
  const links = await signUp(page, email);
  query("update subscribers set confirm_expires_at = ? where email = ? returning id", new Date(Date.now() - 1000).toISOString(), email);
  await page.goto(local(links.confirm));
  await page.getByRole("button", { name: newsletterConfirmPage.ready.button }).click();
  await expect(page.getByRole("heading", { level: 1, name: newsletterConfirmPage.expired!.title })).toBeFocused();
  expect(subscriber(email)?.status).toBe("pending");
  const again = page.getByRole("link", { name: newsletterConfirmPage.signUpAgain });
  await expect(again).toBeVisible();
  await expectNoAxeViolations(page);
  await again.click();
  await expect(page.getByRole("contentinfo").getByLabel(newsletterCopy.emailLabel)).toBeInViewport();

  await page.goto(`${paths.newsletterConfirm}?token=${"x".repeat(43)}`);
  await page.getByRole("button", { name: newsletterConfirmPage.ready.button }).click();
  await expect(page.getByRole("heading", { level: 1, name: newsletterConfirmPage.invalid.title })).toBeFocused();

  await page.goto(paths.newsletterConfirm);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterConfirmPage.missing.title);
  await expect(page.getByRole("button", { name: newsletterConfirmPage.ready.button })).toHaveCount(0);
});

test("the unsubscribe link in the email unsubscribes with one press and says so", async ({ page }) => {
  const email = `leave.${randomUUID()}@example.co.uk`;
  const links = await signUp(page, email);
  expect(links.unsubscribePage.pathname).toBe(paths.newsletterUnsubscribe);
  await page.goto(local(links.unsubscribePage));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterUnsubscribePage.ready.title);
  expect(subscriber(email)?.status).toBe("pending");
  await page.getByRole("button", { name: newsletterUnsubscribePage.ready.button }).click();
  await expect(page.getByRole("heading", { level: 1, name: newsletterUnsubscribePage.done.title })).toBeFocused();
  expect(subscriber(email)?.status).toBe("unsubscribed");
  await expectNoAxeViolations(page);

  // A tampered link is refused.
  await page.goto(`${paths.newsletterUnsubscribe}?token=${links.unsubscribePage.searchParams.get("token")!.slice(0, -2)}xx`);
  await page.getByRole("button", { name: newsletterUnsubscribePage.ready.button }).click();
  await expect(page.getByRole("heading", { level: 1, name: newsletterUnsubscribePage.invalid.title })).toBeFocused();
});

test("a mail client's one-click POST to List-Unsubscribe unsubscribes (RFC 8058)", async ({ page, request }) => {
  const email = `oneclick.${randomUUID()}@example.co.uk`;
  const links = await signUp(page, email);
  const response = await request.post(local(links.oneClick), { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.status()).toBe(200);
  expect(subscriber(email)?.status).toBe("unsubscribed");
});
