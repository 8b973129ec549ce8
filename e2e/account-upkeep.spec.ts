import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { adminCopy } from "../app/admin/data/admin";
import { accountCopy, recoveryCopy, resetCopy, teamNavCopy, teamSignInCopy } from "../app/admin/data/admin-team";
import { paths } from "../app/data/paths";
import { CONFIRM_WITHIN_MS, WRONG_CURRENT_PASSWORD } from "../contract/team";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addToVirtualAuthenticator, newTeamMember, type Owner } from "./team-sign-in";

// A team member keeping their own account, in their own browser: changing the
// password, a forgotten one reset from the emailed link, and the password asked
// again before a security change once the last check is old. Each test invites
// a person of its own (through the owner, e2e/team-sign-in.ts), who holds a
// passkey in Chromium's virtual authenticator for the sign-in's second step.

const dataDir = process.env.E2E_DATA_DIR ?? "build/e2e-data";
// A password of the person's own: long, and in no common-password list.
const newPassword = () => `Kettle-${randomUUID().slice(0, 12)}-harbour`;
const sections = (page: Page) => page.getByRole("navigation", { name: teamNavCopy.label });

/** The person's own browser, holding their passkey. */
async function browserOf(page: Page, person: Owner) {
  await addToVirtualAuthenticator(page, person.passkey);
}

/** The sign-in's first step by hand; answers with the page's alert when the password was refused. */
async function enterPassword(page: Page, email: string, secret: string) {
  await page.getByLabel(teamSignInCopy.emailLabel, { exact: true }).fill(email);
  await page.getByLabel(adminCopy.signIn.passwordLabel, { exact: true }).fill(secret);
  await page.getByRole("button", { name: adminCopy.signIn.submit, exact: true }).click();
}

/** Email and password, then the passkey the browser holds, and the person's screens are open. */
async function signInByHand(page: Page, email: string, secret: string) {
  await enterPassword(page, email, secret);
  await expect(page.getByRole("heading", { name: teamSignInCopy.secondStep.heading })).toBeVisible();
  await page.getByRole("button", { name: teamSignInCopy.secondStep.passkey }).click();
  await expect(sections(page).getByRole("button", { name: accountCopy.tab })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: adminCopy.signOut }).click();
  await expect(page.getByRole("heading", { name: adminCopy.signIn.heading })).toBeVisible();
}

async function openAccount(page: Page) {
  await sections(page).getByRole("button", { name: accountCopy.tab }).click();
  await expect(page.getByRole("heading", { name: accountCopy.heading, level: 2 })).toBeVisible();
}

/** A new person of the team, signed in by hand in their own browser, on Your account. */
async function onTheirAccount(page: Page): Promise<Owner> {
  const person = await newTeamMember("editor");
  await browserOf(page, person);
  await page.goto(paths.admin);
  await signInByHand(page, person.email, person.password);
  await openAccount(page);
  return person;
}

/** The reset link in the email the server wrote for `email` (no mail server here: DATA_DIR/outbox-mail). */
async function emailedResetLink(email: string): Promise<string> {
  const folder = path.join(dataDir, "outbox-mail");
  let link = "";
  await expect
    .poll(async () => {
      for (const name of (await readdir(folder)).filter((file) => file.endsWith(".eml"))) {
        // Undo quoted-printable (soft line breaks, "=" as =3D): the link's other characters are never encoded.
        const raw = (await readFile(path.join(folder, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        if (!new RegExp(`^To: ${email}$`, "mi").test(raw) || !/^Subject: Reset your password$/m.test(raw)) continue;
        link = /(http\S+#reset=[\w-]+)/.exec(raw)?.[1] ?? "";
      }
      return link;
    })
    .not.toBe("");
  return link;
}

test("a team member changes their password on Your account: a wrong current one is refused, then only the new one signs in", async ({ page }) => {
  // Four password checks (each a deliberate scrypt on the server) and a second step, on a shared machine.
  test.slow();
  const person = await onTheirAccount(page);

  const form = page.getByRole("form", { name: accountCopy.password.heading });
  const current = form.getByLabel(accountCopy.password.currentLabel, { exact: true });
  const fresh = form.getByLabel(accountCopy.password.newLabel, { exact: true });
  const chosen = newPassword();
  await current.fill(`${person.password}-not`);
  await fresh.fill(chosen);
  await form.getByRole("button", { name: accountCopy.password.submit }).click();
  await expect(form.getByRole("alert")).toHaveText(WRONG_CURRENT_PASSWORD);
  await expect(current).toBeFocused();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  // Both stay typed, for the person to correct the one that was wrong.
  await expect(fresh).toHaveValue(chosen);
  await expectNoAxeViolations(page);

  await current.fill(person.password);
  await form.getByRole("button", { name: accountCopy.password.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: accountCopy.password.changed(0) })).toBeVisible();
  await expect(current).toHaveValue("");
  await expect(fresh).toHaveValue("");

  await signOut(page);
  await enterPassword(page, person.email, person.password);
  await expect(page.getByRole("alert").filter({ hasText: teamSignInCopy.wrong })).toBeVisible();
  await signInByHand(page, person.email, chosen);
});

test("Forgot your password?: the emailed link sets a new one that signs in, and the same link again is refused", async ({ page, context }) => {
  // Four password checks (each a deliberate scrypt on the server) and a second step, on a shared machine.
  test.slow();
  const person = await newTeamMember("editor");
  await page.goto(paths.admin);
  await page.getByText(resetCopy.forgot.summary).click();
  await page.getByLabel(resetCopy.forgot.emailLabel, { exact: true }).fill(person.email);
  await page.getByRole("button", { name: resetCopy.forgot.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: resetCopy.forgot.sent })).toBeVisible();
  const link = await emailedResetLink(person.email);

  // The link opens from the email in a new tab of the same browser.
  const opened = await context.newPage();
  await browserOf(opened, person);
  await opened.goto(link);
  await expect(opened.getByRole("heading", { name: resetCopy.heading })).toBeVisible();
  await expect(opened.getByText(resetCopy.forWhom(person.email))).toBeVisible();
  // The token leaves the address bar once read.
  expect(opened.url()).not.toContain("#reset=");
  await expectNoAxeViolations(opened);
  const chosen = newPassword();
  await opened.getByLabel(resetCopy.passwordLabel, { exact: true }).fill(chosen);
  await opened.getByRole("button", { name: resetCopy.submit }).click();
  await expect(opened.getByText(resetCopy.done)).toBeVisible();

  await enterPassword(opened, person.email, person.password);
  await expect(opened.getByRole("alert").filter({ hasText: teamSignInCopy.wrong })).toBeVisible();
  await signInByHand(opened, person.email, chosen);

  // The email opened again, in a new tab: the link worked once.
  const again = await context.newPage();
  await again.goto(link);
  await expect(again.getByText(resetCopy.gone)).toBeVisible();
  await expect(again.getByRole("heading", { name: resetCopy.heading })).toHaveCount(0);
  await expect(again.getByLabel(adminCopy.signIn.passwordLabel, { exact: true })).toBeVisible();
});

test("a security change asks Confirm it is you once the last check is over 10 minutes old, and goes ahead after the password", async ({ page }) => {
  const person = await onTheirAccount(page);
  const renew = page.getByRole("button", { name: accountCopy.recovery.renew });
  const codes = page.getByRole("list", { name: recoveryCopy.listLabel });

  // Just signed in: the change goes ahead at once.
  await renew.click();
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  const first = await codes.getByRole("listitem").allInnerTexts();
  await page.getByRole("button", { name: recoveryCopy.saved }).click();

  // The session's last check, as the server keeps it, is now older than the window (the person left the
  // screen open): its row in the store says so, since the server, not the browser, keeps that time.
  const lastChecked = new Date(Date.now() - CONFIRM_WITHIN_MS - 60_000).toISOString();
  const db = new Database(path.join(dataDir, "leads.db"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db
      .prepare("update admin_sessions set confirmed_at = ? where stage = 'complete' and person_id = (select id from team_people where email = ?)")
      .run(lastChecked, person.email).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
  await page.reload();
  await openAccount(page);

  await renew.click();
  const confirm = page.getByRole("form", { name: accountCopy.confirm.heading });
  await expect(confirm).toBeVisible();
  const secret = confirm.getByLabel(accountCopy.confirm.passwordLabel, { exact: true });
  await expect(secret).toBeFocused();
  await expectNoAxeViolations(page);
  await secret.fill(`${person.password}-not`);
  await confirm.getByRole("button", { name: accountCopy.confirm.submit }).click();
  await expect(confirm.getByRole("alert")).not.toBeEmpty();
  await expect(secret).toBeFocused();
  await expect(codes).toHaveCount(0);

  await secret.fill(person.password);
  await confirm.getByRole("button", { name: accountCopy.confirm.submit }).click();
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  const second = await codes.getByRole("listitem").allInnerTexts();
  expect(second.filter((code) => first.includes(code))).toEqual([]);
});
