import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { adminCopy } from "../app/admin/data/admin";
import { accountCopy, inviteCopy, recoveryCopy, roleNames, secondFactorCopy, teamCopy, teamNavCopy, teamSignInCopy } from "../app/admin/data/admin-team";
import { paths } from "../app/data/paths";
import { PASSKEY_REFUSED } from "../server/team/sign-in-routes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { addToVirtualAuthenticator, signInAsOwner } from "./team-sign-in";

// The owner's team as its people meet it, against the real server: the owner
// invites an editor and an inbox person; each opens the link in a browser of
// their own, chooses a password, sets up a second factor (a passkey through
// Chromium's virtual authenticator, or an authenticator app's code), and sees
// only the screens their role may use. A removed person's open session ends at
// its next request; a recovery code signs in once.

// A password of the person's own: long, and in no common-password list.
const password = () => `Kettle-${randomUUID().slice(0, 12)}-harbour`;

async function invite(page: Page, email: string, role: keyof typeof roleNames): Promise<string> {
  await page.getByRole("button", { name: teamCopy.tab }).click();
  const form = page.getByRole("form", { name: teamCopy.invite.heading });
  await form.getByLabel(teamCopy.invite.emailLabel).fill(email);
  await form.getByLabel(teamCopy.invite.roleLabel).selectOption({ label: roleNames[role] });
  await form.getByRole("button", { name: teamCopy.invite.submit }).click();
  const link = page.getByLabel(teamCopy.invite.linkLabel);
  await expect(link).toHaveValue(/#invite=/);
  return link.inputValue();
}

/** The invited person, in a browser of their own: opens the link, names themselves and chooses a password. */
async function accept(browser: Browser, link: string, name: string, secret: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: inviteCopy.heading })).toBeVisible();
  // The token leaves the address bar once read.
  expect(page.url()).not.toContain("#invite=");
  await page.getByLabel(inviteCopy.nameLabel).fill(name);
  await page.getByLabel(inviteCopy.passwordLabel).fill(secret);
  await page.getByRole("button", { name: inviteCopy.submit }).click();
  return page;
}

async function savedRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: recoveryCopy.listLabel });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = await list.getByRole("listitem").allInnerTexts();
  await page.getByRole("button", { name: recoveryCopy.saved }).click();
  return codes.map((code) => code.trim());
}

const sections = (page: Page) => page.getByRole("navigation", { name: teamNavCopy.label });

async function signInByHand(page: Page, email: string, secret: string) {
  await page.goto(paths.admin);
  await page.getByLabel(teamSignInCopy.emailLabel).fill(email);
  await page.getByLabel(adminCopy.signIn.passwordLabel).fill(secret);
  await page.getByRole("button", { name: adminCopy.signIn.submit, exact: true }).click();
  await expect(page.getByRole("heading", { name: teamSignInCopy.secondStep.heading })).toBeVisible();
}

test("the owner invites an editor and an inbox person; each sets up a second factor and sees only their screens", async ({ page, browser }) => {
  // Three people in three browsers, two second factors and two sign-ins again.
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const inbox = { email: `inbox-${tag}@example.co.uk`, name: `Ina ${tag}`, password: password() };
  const editor = { email: `editor-${tag}@example.co.uk`, name: `Ed ${tag}`, password: password() };

  await signInAsOwner(page);
  await page.goto(paths.admin);
  const inboxLink = await invite(page, inbox.email, "inbox");
  const editorLink = await invite(page, editor.email, "editor");

  // The inbox person holds personal data: a second factor before anything else. They choose a passkey.
  const inboxPage = await accept(browser, inboxLink, inbox.name, inbox.password);
  await expect(inboxPage.getByRole("heading", { name: secondFactorCopy.heading })).toBeVisible();
  await expectNoAxeViolations(inboxPage);
  await addToVirtualAuthenticator(inboxPage);
  await inboxPage.getByLabel(secondFactorCopy.passkey.nameLabel).fill("Work laptop");
  await inboxPage.getByRole("button", { name: secondFactorCopy.passkey.add }).click();
  const inboxCodes = await savedRecoveryCodes(inboxPage);
  expect(new Set(inboxCodes).size).toBe(10);
  await expect(sections(inboxPage).getByRole("button", { name: teamNavCopy.leads })).toBeVisible();
  await expect(sections(inboxPage).getByRole("button")).toHaveText([teamNavCopy.leads, accountCopy.tab]);
  await expect(sections(inboxPage).getByRole("link", { name: teamNavCopy.content })).toHaveCount(0);

  // Signed out and in again by the passkey the browser holds, offered among the email field's suggestions:
  // Chromium's test authenticator chooses it as the person would, and a user-verified passkey is both factors.
  // (The password and then a passkey, in the browser: the owner's sign-in in e2e/admin.spec.ts.)
  await inboxPage.getByRole("button", { name: adminCopy.signOut }).click();
  await inboxPage.goto(paths.admin);
  await expect(sections(inboxPage).getByRole("button", { name: teamNavCopy.leads })).toBeVisible();

  // The editor has no personal data in reach; they set up an authenticator app from their account all the same.
  const editorPage = await accept(browser, editorLink, editor.name, editor.password);
  await expect(sections(editorPage).getByRole("button")).toHaveText([accountCopy.tab]);
  await expect(sections(editorPage).getByRole("link", { name: teamNavCopy.content })).toBeVisible();
  await editorPage.getByRole("button", { name: accountCopy.totp.add }).click();
  await expect(editorPage.getByRole("heading", { name: secondFactorCopy.totp.heading })).toBeVisible();
  await editorPage.getByRole("button", { name: secondFactorCopy.totp.start }).click();
  const key = await editorPage.getByLabel(secondFactorCopy.totp.secretLabel).inputValue();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s/g, "")) });
  await editorPage.getByLabel(secondFactorCopy.totp.codeLabel).fill(totp.generate());
  await editorPage.getByRole("button", { name: secondFactorCopy.totp.confirm }).click();
  const editorCodes = await savedRecoveryCodes(editorPage);

  // A recovery code signs in once: the same code again is refused, the next one works.
  await editorPage.getByRole("button", { name: adminCopy.signOut }).click();
  await signInByHand(editorPage, editor.email, editor.password);
  await editorPage.getByRole("textbox", { name: teamSignInCopy.secondStep.codeLabel }).fill(editorCodes[0]!);
  await editorPage.getByRole("button", { name: teamSignInCopy.secondStep.submit }).click();
  await expect(sections(editorPage).getByRole("link", { name: teamNavCopy.content })).toBeVisible();
  await editorPage.getByRole("button", { name: adminCopy.signOut }).click();
  await signInByHand(editorPage, editor.email, editor.password);
  const code = editorPage.getByRole("textbox", { name: teamSignInCopy.secondStep.codeLabel });
  await code.fill(editorCodes[0]!);
  await editorPage.getByRole("button", { name: teamSignInCopy.secondStep.submit }).click();
  await expect(editorPage.getByRole("alert").filter({ hasText: /code/i })).toBeVisible();
  await expect(code).toBeFocused();
  await code.fill(editorCodes[1]!);
  await editorPage.getByRole("button", { name: teamSignInCopy.secondStep.submit }).click();
  await expect(sections(editorPage).getByRole("link", { name: teamNavCopy.content })).toBeVisible();

  // The owner removes the inbox person (the team as it is now, after a reload): their open session is refused at its next request.
  await page.reload();
  await page.getByRole("button", { name: teamCopy.tab }).click();
  await page.getByRole("button", { name: teamCopy.people.removeLabel(inbox.name) }).click();
  await page.getByRole("button", { name: teamCopy.people.yesRemove(inbox.name) }).click();
  await expect(page.getByRole("status").filter({ hasText: teamCopy.people.removed(inbox.name) })).toBeVisible();
  await sections(inboxPage).getByRole("button", { name: accountCopy.tab }).click();
  await expect(inboxPage.getByText(adminCopy.signIn.expired)).toBeVisible();
  // And they cannot sign in again: the passkey their browser still offers is refused, and so is their password.
  await expect(inboxPage.getByRole("alert").filter({ hasText: PASSKEY_REFUSED })).toBeVisible();
  await inboxPage.getByLabel(teamSignInCopy.emailLabel).fill(inbox.email);
  await inboxPage.getByLabel(adminCopy.signIn.passwordLabel).fill(inbox.password);
  await inboxPage.getByRole("button", { name: adminCopy.signIn.submit, exact: true }).click();
  await expect(inboxPage.getByRole("alert").filter({ hasText: teamSignInCopy.wrong })).toBeVisible();

  await inboxPage.context().close();
  await editorPage.context().close();
});
