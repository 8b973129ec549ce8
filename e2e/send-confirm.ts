import { expect, type Locator, type Page } from "@playwright/test";
import { CONFIRM_AFTER_MS } from "../server/spam/send-confirm";
import { readEntry } from "../scripts/build/content-files";

const sendConfirmPage = readEntry("pages/send-confirm.yaml");

// "One more step": the page a form the browser posted itself (JavaScript off,
// or pressed before the form's code arrived) is answered with. A person reads
// what they sent and presses Send; pressed at once, the page asks to wait and
// keeps the button.

/** Checks the page shows `sent` (each value's words) and presses Send as a person does: once too soon, then after reading. */
export async function confirmSend(page: Page, sent: readonly string[], press: (target: Locator) => Promise<void>) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sendConfirmPage.heading);
  for (const value of sent) await expect(page.getByRole("definition").filter({ hasText: value }).first()).toBeVisible();
  const send = page.getByRole("button", { name: sendConfirmPage.button, exact: true });
  await press(send);
  await expect(page.getByText(sendConfirmPage.early)).toBeVisible();
  // The time a person takes to read the page: the server's minimum before its button sends.
  await page.waitForTimeout(CONFIRM_AFTER_MS);
  await press(send);
}
