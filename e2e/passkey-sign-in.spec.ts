import type { Page } from "@playwright/test";
import { adminCopy } from "../app/admin/data/admin";
import { accountCopy, recoveryCopy, roleNames, teamNavCopy, teamSignInCopy } from "../app/admin/data/admin-team";
import { paths } from "../app/data/paths";
import { teamEndpoints } from "../contract/team";
import { expect, test } from "./fixtures";
import { addToVirtualAuthenticator, newTeamMember, type Owner } from "./team-sign-in";

// Signing in by a passkey alone, and confirming it is you by one, in a real
// browser against the real server. Each test has a person of its own, invited
// by the owner, whose passkey (set up as their second factor) is put into
// Chromium's virtual authenticator as a discoverable one, as a phone or a
// laptop keeps a passkey for the site.
//
// The sign-in form asks for a passkey with `mediation: "conditional"` as it
// opens (the email field's suggestions). Headless Chromium has no suggestions
// to choose from: with a virtual authenticator it answers such a request at
// once, by itself, with the discoverable passkey it holds (and refuses it at
// once when it holds none), whatever the field's autocomplete says. So these
// tests see the autofill's request and its sign-in, not a suggestion being
// chosen; that the field carries "webauthn" is checked on the field. For the
// same reason "Sign in with a passkey" under the form cannot be pressed here on its
// own: the autofill has signed in before anyone could press it.

/** The person's passkey in this page's browser, offered without their email being typed. */
async function holdPasskeyOf(page: Page, person: Owner) {
  await addToVirtualAuthenticator(page, person.passkey, { discoverable: true });
}

const sections = (page: Page) => page.getByRole("navigation", { name: teamNavCopy.label });

/** Signed in as `person`: their name in the header and their sections shown. */
async function expectSignedInAs(page: Page, person: Owner) {
  await expect(page.getByText(teamNavCopy.signedInAs(person.name!, roleNames.editor))).toBeVisible();
  await expect(sections(page).getByRole("button", { name: accountCopy.tab })).toBeVisible();
}

test("a person with a passkey is signed in from the email field's passkeys, typing nothing", async ({ page }) => {
  const person = await newTeamMember("editor");
  await holdPasskeyOf(page, person);
  // The passkey's answer is held at the server's door for a moment, to see the form as it was when it answered.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let answers = 0;
  await page.route(`**${teamEndpoints.passkeyOnlyVerify}`, async (route) => {
    answers += 1;
    await held;
    await route.continue();
  });

  await page.goto(paths.admin);
  const email = page.getByLabel(teamSignInCopy.emailLabel);
  // The token the browser looks for to offer passkeys among the field's suggestions.
  await expect(email).toHaveAttribute("autocomplete", "username webauthn");
  await expect.poll(() => answers).toBe(1);
  await expect(email).toHaveValue("");
  await expect(page.getByLabel(adminCopy.signIn.passwordLabel)).toHaveValue("");
  // Nothing pressed: the autofill's request answered, not "Sign in with a passkey".
  await expect(page.getByRole("button", { name: teamSignInCopy.passkeyOnly.button })).toBeVisible();
  release();

  await expectSignedInAs(page, person);
  await expect(email).toHaveCount(0);
  expect(answers).toBe(1);
});

test("a sign-in by a passkey alone counts as confirming it is you: new recovery codes ask nothing more", async ({ page }) => {
  const person = await newTeamMember("editor");
  await holdPasskeyOf(page, person);
  await page.goto(paths.admin);
  await expectSignedInAs(page, person);

  await sections(page).getByRole("button", { name: accountCopy.tab }).click();
  await page.getByRole("button", { name: accountCopy.recovery.renew }).click();
  await expect(page.getByRole("list", { name: recoveryCopy.listLabel }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("heading", { name: accountCopy.confirm.heading })).toHaveCount(0);
});

// The server's 10 minutes (CONFIRM_WITHIN_MS) run on its own clock, which no
// setting moves, so its refusal of a change after them, and a passkey's
// answer lifting it, are the API test's (server/team/second-factor/
// second-factor.test.ts, "confirming it is you by a passkey"). The page asks
// first by its own clock (the confirmedUntil the server gave): that clock is
// moved here, and the passkey the page then asks for goes to the real server,
// which must accept the browser's answer for the change to go ahead.
test("after 10 minutes, new recovery codes ask to confirm it is you, and a passkey does", async ({ page }) => {
  const person = await newTeamMember("editor");
  await holdPasskeyOf(page, person);
  await page.clock.install();
  await page.goto(paths.admin);
  await expectSignedInAs(page, person);
  await page.clock.fastForward("11:00");

  await sections(page).getByRole("button", { name: accountCopy.tab }).click();
  await page.getByRole("button", { name: accountCopy.recovery.renew }).click();
  await expect(page.getByRole("heading", { name: accountCopy.confirm.heading })).toBeVisible();
  await expect(page.getByLabel(accountCopy.confirm.passwordLabel)).toBeFocused();
  const confirmed = page.waitForResponse((response) => new URL(response.url()).pathname === teamEndpoints.confirmPasskeyVerify);
  await page.getByRole("button", { name: accountCopy.confirm.passkey }).click();
  expect((await confirmed).status()).toBe(200);

  await expect(page.getByRole("list", { name: recoveryCopy.listLabel }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("heading", { name: accountCopy.confirm.heading })).toHaveCount(0);
});
