import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, rawHtml, test } from "./fixtures";
import { postLeadAsBrowser } from "./seed-leads";
import { browserPasskeyFor, newTeamMember, OWNER_EMAIL, OWNER_PASSWORD, signInAsOwner } from "./team-sign-in";
import { adminCopy } from "../app/admin/data/admin";
import { teamNavCopy, teamSignInCopy } from "../app/admin/data/admin-team";
import { shell } from "../app/data/shell.test-support";
import { paths } from "../app/data/paths";
import { NEWSLETTER_CONSENT_VERSION } from "../contract/newsletter";

const layoutCopy = shell.copy;

// The owner's inbox against the real server and store (ADMIN_PASSWORD is set in
// playwright.config.ts). Leads are created through the public API as a browser
// sends them (e2e/seed-leads.ts); each test tags its own so the two projects
// never see each other's rows.

const dataDir = process.env.E2E_DATA_DIR ?? "build/e2e-data";
const XSS_MESSAGE = `<script>window.__xss=1</script> "><img src=x onerror="window.__xss=2"> We need payroll.`;

async function createEnquiry(request: APIRequestContext, fields: Record<string, string>): Promise<string> {
  const response = await postLeadAsBrowser(request, { name: "Ann", email: "ann@example.co.uk", salutation: "Freelancer", sector: "", you_need: "", message: "", ...fields });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

function withStore<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, "leads.db"), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Two deliveries as the mail worker records them: a sent team email and a failed CRM webhook. */
function recordDeliveries(enquiryId: string, email: string) {
  const at = new Date().toISOString();
  withStore((db) => {
    const outbox = db.prepare(
      "insert into outbox (id, channel, topic, lead_kind, lead_id, lead_email, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at) values (?, ?, ?, 'enquiry', ?, ?, '{}', ?, ?, ?, ?, ?, ?)",
    );
    const attempt = db.prepare("insert into delivery_attempts (id, outbox_id, attempted_at, ok, error, response, duration_ms) values (?, ?, ?, ?, ?, null, 40)");
    const sent = randomUUID();
    const failed = randomUUID();
    outbox.run(sent, "email", "team-notification", enquiryId, email, "sent", 1, at, null, at, at);
    outbox.run(failed, "webhook", "lead-webhook", enquiryId, email, "failed", 5, at, "HTTP 502 from the CRM", at, null);
    attempt.run(randomUUID(), sent, at, 1, null);
    attempt.run(randomUUID(), failed, at, 0, "HTTP 502 from the CRM");
  });
}

const outboxRowsAbout = (email: string) => withStore((db) => db.prepare("select id from outbox where lead_email = ?").all(email).length);

async function signIn(page: Page) {
  await signInAsOwner(page);
  await page.goto(paths.admin);
  await expect(page.getByRole("search", { name: adminCopy.filters.label })).toBeVisible();
}

/** Searches as a person does: types, presses Search, and reads the new results before pressing anything in them. */
async function search(page: Page, text: string) {
  const form = page.getByRole("search", { name: adminCopy.filters.label });
  await form.getByLabel(adminCopy.filters.search.enquiries).fill(text);
  await form.getByRole("button", { name: adminCopy.filters.apply }).click();
  // The old list stays until the new one arrives, and other tests add leads meanwhile: a press made before
  // would land where a row was. Every row shown matching (or the table's "none") means the new list is in.
  const stale = page.getByRole("table").locator("tbody tr").filter({ hasNotText: text }).filter({ hasNotText: adminCopy.table.empty });
  await expect(stale).toHaveCount(0);
}

const table = (page: Page) => page.getByRole("table", { name: adminCopy.table.caption.enquiries });

test("/admin is never indexed: X-Robots-Tag and a noindex meta, and no public chrome", async ({ request, page }) => {
  const response = await request.get(paths.admin);
  expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  const { html } = await rawHtml(request, paths.admin);
  expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
  expect((await request.get("/api/admin/enquiries")).status()).toBe(401);

  await page.goto(paths.admin);
  await expect(page.getByRole("heading", { level: 1, name: adminCopy.heading })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Disclaimer" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: layoutCopy.mainNavLabel })).toHaveCount(0);
  // Its own layout keeps the skip link to its main.
  await expect(page.getByRole("link", { name: layoutCopy.skipLink })).toHaveAttribute("href", "#main-content");
});

test("the inbox's code loads only on /admin, and the public site's page script and beacon never there", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const inboxCode = (script: string) => /\/admin-inbox\.[\w-]+\.js$/.test(script);
  // The public layout's script (the custom elements' loader) and the page-view beacon it fetches.
  const publicCode = (script: string) => /\/(site\.astro_astro_type_script_[\w-]+|analytics-beacon)\.[\w-]+\.js$/.test(script);
  await page.goto(paths.contact);
  await expect.poll(() => scripts.filter(publicCode).length).toBe(2);
  expect(scripts.filter(inboxCode)).toEqual([]);
  scripts.length = 0;
  await page.goto(paths.admin);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter(inboxCode)).toHaveLength(1);
  expect(scripts.filter(publicCode)).toEqual([]);
});

test("sign-in refuses a wrong password aloud and keeps the session in a Secure HttpOnly cookie", async ({ page, context }) => {
  // Two sign-ins, two reloads and two axe scans of the inbox: 29 s beside the editor's site build on 2 cores.
  test.slow();
  await browserPasskeyFor(page);
  await page.goto(paths.admin);
  await page.getByLabel(teamSignInCopy.emailLabel).fill(OWNER_EMAIL);
  const password = page.getByLabel(adminCopy.signIn.passwordLabel);
  await password.fill("not the password");
  await password.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(teamSignInCopy.wrong);
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await password.fill(OWNER_PASSWORD);
  await password.press("Enter");
  // The second step: the passkey this browser holds.
  await expect(page.getByRole("heading", { name: teamSignInCopy.secondStep.heading })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: teamSignInCopy.secondStep.passkey }).click();
  await expect(page.getByRole("search", { name: adminCopy.filters.label })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: adminCopy.heading })).toBeFocused();
  const [cookie] = (await context.cookies()).filter((item) => item.name === "__Host-admin-session");
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
  await expectNoAxeViolations(page);

  // The session survives a reload; signing out ends it.
  await page.reload();
  await expect(page.getByRole("search", { name: adminCopy.filters.label })).toBeVisible();
  await page.getByRole("button", { name: adminCopy.signOut }).click();
  await expect(page.getByLabel(adminCopy.signIn.passwordLabel)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(adminCopy.signIn.passwordLabel)).toBeVisible();
});

test("search, filter, details with the message as text, export and erase", { tag: "@phone" }, async ({ page, request }) => {
  // Some twenty steps and four axe scans of the inbox: 29-32 s in a full run on 2 cores, past the 30 s a short test gets.
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const eve = `eve.${tag}@example.co.uk`;
  const eveId = await createEnquiry(request, { name: `Eve "><img src=x onerror="window.__xss=3"> ${tag}`, email: eve, salutation: "Agency", sector: "Healthcare", you_need: "Payroll", message: XSS_MESSAGE });
  await createEnquiry(request, { name: `Bob ${tag}`, email: `bob.${tag}@example.co.uk`, salutation: "Business", sector: "Construction", you_need: "Training" });
  await createEnquiry(request, { name: `Cat ${tag}`, email: `cat.${tag}@example.co.uk`, salutation: "Agency", sector: "Engineering", you_need: "Insurance" });
  recordDeliveries(eveId, eve);
  // Eve also signed up for the newsletter: erasure removes that too.
  expect((await postLeadAsBrowser(request, { email: eve })).status()).toBe(200);

  await signIn(page);
  await search(page, tag);
  await expect(page.getByRole("status").filter({ hasText: adminCopy.found(3, "enquiries") })).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(3);
  await expect(table(page).getByRole("cell", { name: `Bob ${tag}`, exact: true })).toBeVisible();

  // Filter by role: only the two agencies.
  const form = page.getByRole("search", { name: adminCopy.filters.label });
  await form.getByLabel(adminCopy.filters.role).selectOption("Agency");
  await form.getByRole("button", { name: adminCopy.filters.apply }).click();
  await expect(table(page).getByRole("cell", { name: `Bob ${tag}`, exact: true })).toHaveCount(0);
  await expect(table(page).getByRole("cell", { name: `Cat ${tag}`, exact: true })).toBeVisible();
  await form.getByLabel(adminCopy.filters.need).selectOption("Payroll");
  await form.getByRole("button", { name: adminCopy.filters.apply }).click();
  await expect(table(page).getByRole("cell", { name: `Cat ${tag}`, exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Export: a CSV download of the current filter (Agency + Payroll + the tag).
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("link", { name: adminCopy.exportCsv }).click()]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain(eve);
  expect(csv).not.toContain(`bob.${tag}`);
  expect(csv).not.toContain(`cat.${tag}`);

  // Details: what the visitor typed is shown as text, and nothing of it ran.
  await table(page).getByRole("button", { name: new RegExp(`^View Eve .*${tag}$`) }).first().click();
  const detail = page.getByRole("dialog", { name: /^Enquiry: Eve/ });
  await expect(detail.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(detail.getByText(XSS_MESSAGE)).toBeVisible();
  await expect(detail.getByRole("heading", { name: adminCopy.detail.consentHeading })).toBeVisible();
  const deliveries = detail.getByRole("table", { name: adminCopy.detail.deliveriesCaption });
  await expect(deliveries.getByRole("row", { name: new RegExp(`^${adminCopy.detail.topics["team-notification"]} Sent 1 `) }).first()).toBeVisible();
  await expect(deliveries.getByRole("row", { name: new RegExp(`^${adminCopy.detail.topics["lead-webhook"]} Failed 5 .*HTTP 502 from the CRM ${adminCopy.detail.retry.label(adminCopy.detail.topics["lead-webhook"]!)}$`) })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator("main img")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Erase: ask, confirm naming the address, and the person is gone.
  await detail.getByRole("button", { name: adminCopy.erase.start(eve) }).click();
  await expect(detail.getByText(adminCopy.erase.confirm(eve))).toBeVisible();
  const yes = detail.getByRole("button", { name: adminCopy.erase.yes(eve) });
  await expect(yes).toBeFocused();
  await expectNoAxeViolations(page);
  await yes.click();
  // At least the two recorded above (the mail worker, when on, adds its own).
  const outcome = page.getByRole("status").filter({ hasText: new RegExp(`Erased ${eve.replace(/\./g, "\\.")}: 1 enquiry, 1 subscription and ([2-9]|\\d{2,}) deliveries \\(\\d+ email files?\\)\\.`) });
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
  await expect(detail).toHaveCount(0);
  expect(outboxRowsAbout(eve)).toBe(0);
  await form.getByLabel(adminCopy.filters.role).selectOption("");
  await form.getByLabel(adminCopy.filters.need).selectOption("");
  await search(page, tag);
  await expect(table(page).getByRole("cell", { name: `Bob ${tag}`, exact: true })).toBeVisible();
  await expect(table(page).getByText(eve)).toHaveCount(0);
  await page.getByRole("button", { name: adminCopy.kinds.subscribers }).click();
  await page.getByRole("search", { name: adminCopy.filters.label }).getByLabel(adminCopy.filters.search.subscribers).fill(tag);
  await page.getByRole("search", { name: adminCopy.filters.label }).getByRole("button", { name: adminCopy.filters.apply }).click();
  await expect(page.getByRole("status").filter({ hasText: adminCopy.found(0, "subscribers") })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("downloads everything about a person as JSON, then erases them from every file of the store", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const person = `subject.${tag}@example.co.uk`;
  await createEnquiry(request, { name: `Subject ${tag}`, email: person, salutation: "Business", sector: "Construction", you_need: "Training", message: `Call me ${tag}` });
  expect((await postLeadAsBrowser(request, { email: person })).status()).toBe(200);

  await signIn(page);
  await search(page, tag);
  await table(page).getByRole("button", { name: new RegExp(`^View Subject ${tag}$`) }).click();
  const detail = page.getByRole("dialog", { name: new RegExp(`^Enquiry: Subject ${tag}`) });

  // Subject access: a real file, fetched with the session and saved from a Blob.
  const [download] = await Promise.all([page.waitForEvent("download"), detail.getByRole("button", { name: adminCopy.person.download(person) }).click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const record = JSON.parse(await readFile(await download.path(), "utf8")) as { email: string; enquiries: { message: string }[]; subscriptions: { status: string }[]; deliveries: unknown[] };
  expect(record.email).toBe(person);
  expect(record.enquiries.map((row) => row.message)).toEqual([`Call me ${tag}`]);
  expect(record.subscriptions.map((row) => row.status)).toEqual(["pending"]);
  expect(record.deliveries.length).toBeGreaterThanOrEqual(2);
  await expect(detail.getByRole("status").filter({ hasText: adminCopy.person.done(person) })).toBeVisible();
  await expectNoAxeViolations(page);

  await detail.getByRole("button", { name: adminCopy.erase.start(person) }).click();
  await detail.getByRole("button", { name: adminCopy.erase.yes(person) }).click();
  await expect(page.getByRole("status").filter({ hasText: new RegExp(`^Erased ${person.replace(/\./g, "\\.")}: 1 enquiry, 1 subscription and `) })).toBeVisible();
  // No file of the store (database, WAL, mail files) holds the address any more.
  const holding: string[] = [];
  for (const entry of await readdir(dataDir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && (await contentsIfStillThere(path.join(entry.parentPath, entry.name))).toString("latin1").toLowerCase().includes(person)) holding.push(entry.name);
  }
  expect(holding).toEqual([]);
});

/** A file's bytes, or none when it went between the listing and the read: a test running beside this one erases its own person's mail files from the same store. */
async function contentsIfStillThere(file: string): Promise<Buffer> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return Buffer.alloc(0);
    throw error;
  });
}

test("a download after the session ended returns to sign-in and saves nothing", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const person = `ended.${tag}@example.co.uk`;
  await createEnquiry(request, { name: `Ended ${tag}`, email: person });
  await signIn(page);
  await search(page, tag);
  await expectEveryViewLoaded(page);
  await table(page).getByRole("button", { name: new RegExp(`^View Ended ${tag}$`) }).click();
  // The details load after the dialog opens: end the session only once they are there.
  const download = page.getByRole("dialog").getByRole("button", { name: adminCopy.person.download(person) });
  await expect(download).toBeVisible();
  const downloads: unknown[] = [];
  page.on("download", (item) => downloads.push(item));
  await page.context().clearCookies();
  await download.click();
  await expect(page.getByLabel(adminCopy.signIn.passwordLabel)).toBeVisible();
  expect(downloads).toEqual([]);
});

test("pages through a long list with the keyboard", async ({ page, request }) => {
  // 21 leads, each sent with a proof of work, as a browser sends them (e2e/seed-leads.ts).
  const tag = randomUUID().slice(0, 8);
  for (let index = 0; index < 21; index += 1) {
    await createEnquiry(request, { name: `Pat ${String(index).padStart(2, "0")} ${tag}`, email: `pat${index}.${tag}@example.co.uk` });
  }
  await signIn(page);
  await search(page, tag);
  await expect(page.getByRole("status").filter({ hasText: adminCopy.found(21, "enquiries") })).toBeVisible();
  const pages = page.getByRole("navigation", { name: adminCopy.paging.label });
  await expect(pages.getByText(adminCopy.paging.position(1, 2))).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(20);
  // Newest first: the last one sent heads the list.
  await expect(table(page).locator("tbody tr").first()).toContainText(`Pat 20 ${tag}`);

  await pages.getByRole("button", { name: adminCopy.paging.next }).focus();
  await page.keyboard.press("Enter");
  await expect(pages.getByText(adminCopy.paging.position(2, 2))).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(table(page).locator("tbody tr")).toContainText(`Pat 00 ${tag}`);
  await expect(pages.getByRole("button", { name: adminCopy.paging.next })).toBeDisabled();
  await pages.getByRole("button", { name: adminCopy.paging.previous }).click();
  await expect(pages.getByText(adminCopy.paging.position(1, 2))).toBeVisible();

  // The details open as a modal dialog; Escape closes it and focus returns to the row.
  const view = table(page).getByRole("button", { name: adminCopy.table.view(`Pat 19 ${tag}`) });
  await view.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `${adminCopy.detail.heading.enquiries}: Pat 19 ${tag}` });
  await expect(dialog.getByText(`pat19.${tag}@example.co.uk`).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(view).toBeFocused();
});

test("a subscriber's details show the opt-in record", async ({ page, request }) => {
  const email = `sue.${randomUUID().slice(0, 8)}@example.co.uk`;
  expect((await postLeadAsBrowser(request, { email })).status()).toBe(200);
  await signIn(page);
  await page.getByRole("button", { name: adminCopy.kinds.subscribers }).click();
  await expect(page.getByRole("button", { name: adminCopy.kinds.subscribers })).toHaveAttribute("aria-pressed", "true");
  const form = page.getByRole("search", { name: adminCopy.filters.label });
  await form.getByLabel(adminCopy.filters.search.subscribers).fill(email);
  await form.getByLabel(adminCopy.filters.status).selectOption("pending");
  await form.getByRole("button", { name: adminCopy.filters.apply }).click();
  const subscribers = page.getByRole("table", { name: adminCopy.table.caption.subscribers });
  await expect(subscribers.locator("tbody tr")).toHaveCount(1);
  await expect(subscribers.getByRole("cell", { name: adminCopy.statuses.pending, exact: true })).toBeVisible();
  await subscribers.getByRole("button", { name: adminCopy.table.view(email) }).click();
  const dialog = page.getByRole("dialog", { name: `${adminCopy.detail.heading.subscribers}: ${email}` });
  await expect(dialog.getByRole("heading", { name: adminCopy.detail.consentHeading })).toBeVisible();
  await expect(dialog.getByText(adminCopy.detail.consent.confirmedAt, { exact: true })).toBeVisible();
  await expect(dialog.getByText(NEWSLETTER_CONSENT_VERSION, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: adminCopy.detail.close }).click();
  await expect(dialog).toHaveCount(0);
});

test("says so when the browser drops the session cookie (plain HTTP away from localhost)", async ({ page }) => {
  // Stand-in for a browser refusing the Secure cookie: sign-in succeeds but no cookie arrives.
  await page.route("**/api/admin/session", (route) => route.fulfill({ status: 200, json: { enabled: true, signedIn: true } }));
  await page.goto(paths.admin);
  await page.getByLabel(teamSignInCopy.emailLabel).fill(OWNER_EMAIL);
  await page.getByLabel(adminCopy.signIn.passwordLabel).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: adminCopy.signIn.submit, exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(adminCopy.signIn.noCookie);
  await expect(page.getByRole("search", { name: adminCopy.filters.label })).toHaveCount(0);
});

/**
 * Waits until the inbox's view has loaded, before a test ends the session:
 * a call still in flight would meet the ended session first and sign out before the click.
 */
async function expectEveryViewLoaded(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /enquir(y|ies) found\./ })).toBeVisible();
}

/** The session cookie this browser holds, and its id hash as the store keys it. */
async function sessionOf(context: BrowserContext) {
  const [cookie] = (await context.cookies()).filter((item) => item.name === "__Host-admin-session");
  const idHash = createHash("sha256").update(cookie!.value).digest("base64url");
  return { idHash };
}

/** Waits until the server's worker has settled the enquiry's team email, then marks it failed for good. */
async function failedTeamEmail(enquiryId: string): Promise<string> {
  const row = () => withStore((db) => db.prepare("select id, status from outbox where lead_id = ? and topic = 'team-notification'").get(enquiryId) as { id: string; status: string } | undefined);
  await expect.poll(() => row()?.status).toBe("sent");
  const { id } = row()!;
  withStore((db) => db.prepare("update outbox set status = 'failed', attempts = 5, last_error = '550 mailbox unavailable' where id = ?").run(id));
  return id;
}

test("a failed delivery is retried from the lead's details, and the worker sends it", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Rex ${tag}`;
  const enquiryId = await createEnquiry(request, { name, email: `rex.${tag}@example.co.uk` });
  const outboxId = await failedTeamEmail(enquiryId);
  const team = adminCopy.detail.topics["team-notification"]!;

  await signIn(page);
  await search(page, tag);
  await table(page).getByRole("button", { name: adminCopy.table.view(name) }).click();
  const detail = page.getByRole("dialog", { name: `${adminCopy.detail.heading.enquiries}: ${name}` });
  const deliveries = detail.getByRole("table", { name: adminCopy.detail.deliveriesCaption });
  await expect(deliveries.getByRole("row", { name: new RegExp(`^${team} Failed 5 .*550 mailbox unavailable`) })).toBeVisible();
  await expectNoAxeViolations(page);

  await deliveries.getByRole("button", { name: adminCopy.detail.retry.label(team) }).click();
  const outcome = detail.getByRole("status").filter({ hasText: adminCopy.detail.retry.done(team) });
  await expect(outcome).toBeFocused();
  await expect(deliveries.getByRole("row", { name: new RegExp(`^${team} Pending 0 `) })).toBeVisible();
  await expect(deliveries.getByRole("button", { name: adminCopy.detail.retry.label(team) })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The worker takes it at once: sent, after one more attempt.
  await expect.poll(() => withStore((db) => db.prepare("select status, attempts from outbox where id = ?").get(outboxId))).toEqual({ status: "sent", attempts: 1 });
  await detail.getByRole("button", { name: adminCopy.detail.close }).click();
  await table(page).getByRole("button", { name: adminCopy.table.view(name) }).click();
  await expect(deliveries.getByRole("row", { name: new RegExp(`^${team} Sent 1 `) })).toBeVisible();
});

test("an ended session sends the owner to sign in when they export, instead of saving the error", async ({ page, context }) => {
  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  await signIn(page);
  await expectEveryViewLoaded(page);
  // The session ends on the server (expired, or signed out elsewhere): its row is gone.
  const { idHash } = await sessionOf(context);
  expect(withStore((db) => db.prepare("delete from admin_sessions where id_hash = ?").run(idHash).changes)).toBe(1);

  await page.getByRole("search", { name: adminCopy.filters.label }).getByRole("link", { name: adminCopy.exportCsv }).click();
  await expect(page.getByText(adminCopy.signIn.expired)).toBeVisible();
  await expect(page.getByLabel(adminCopy.signIn.passwordLabel)).toBeVisible();
  await expect(page.getByRole("search", { name: adminCopy.filters.label })).toHaveCount(0);
  expect(downloads).toEqual([]);
  await expectNoAxeViolations(page);

  // Signed in again, the same link downloads the CSV.
  await browserPasskeyFor(page);
  await page.getByLabel(teamSignInCopy.emailLabel).fill(OWNER_EMAIL);
  await page.getByLabel(adminCopy.signIn.passwordLabel).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: adminCopy.signIn.submit, exact: true }).click();
  await page.getByRole("button", { name: teamSignInCopy.secondStep.passkey }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("search", { name: adminCopy.filters.label }).getByRole("link", { name: adminCopy.exportCsv }).click()]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile(await download.path(), "utf8")).toMatch(/^id,created_at,name,email,/);
});

test("the activity view lists this person's actions once each, and exports them", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Ivy ${tag}`;
  await createEnquiry(request, { name, email: `ivy.${tag}@example.co.uk` });
  // An owner of this test's own: the trail names the person, and other tests sign in as the first owner.
  const person = await newTeamMember("owner");
  await signInAsOwner(page, person);
  await page.goto(paths.admin);
  await search(page, tag);
  await table(page).getByRole("button", { name: adminCopy.table.view(name) }).click();
  await page.getByRole("dialog").getByRole("button", { name: adminCopy.detail.close }).click();
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: adminCopy.exportCsv }).click()]);
  await csv.path();

  const actor = person.email;
  await page.getByRole("navigation", { name: teamNavCopy.label }).getByRole("button", { name: teamNavCopy.activity }).click();
  const activity = page.getByRole("region", { name: adminCopy.activity.heading, exact: true });
  await activity.getByRole("button", { name: adminCopy.activity.refresh }).click();
  const trail = page.getByRole("table", { name: adminCopy.activity.caption });
  const mine = trail.getByRole("row").filter({ hasText: actor });
  for (const action of [adminCopy.activity.actions["sign-in"], adminCopy.activity.actions["lead-view"], adminCopy.activity.actions.export]) {
    await expect(mine.filter({ has: page.getByRole("cell", { name: action, exact: true }) })).toHaveCount(1);
  }
  // Every list the inbox loaded is a read of leads, the search among them (by its filter's name only).
  const lists = mine.filter({ has: page.getByRole("cell", { name: adminCopy.activity.actions["lead-list"], exact: true }) });
  await expect(lists.filter({ hasText: "rows: 1, total: 1, page: 1, filters: q" })).not.toHaveCount(0);
  // Besides: their joining the team, adding their passkey and signing out of that first session.
  for (const action of [adminCopy.activity.actions["person-joined"], adminCopy.activity.actions["second-factor-added"], adminCopy.activity.actions["sign-out"]]) {
    await expect(mine.filter({ has: page.getByRole("cell", { name: action, exact: true }) })).toHaveCount(1);
  }
  await expect(mine).toHaveCount(6 + (await lists.count()));
  await expect(mine.filter({ hasText: "kind: enquiries, rows: 1, filters: q" })).toHaveCount(1);
  // Never what the lead wrote.
  await expect(trail.getByText(tag)).toHaveCount(0);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), activity.getByRole("link", { name: adminCopy.activity.exportCsv }).click()]);
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), "utf8")).trim().split("\r\n");
  expect(lines[0]).toBe("at,action,actor,address,detail,id");
  // A cell starting with - + = @ is prefixed with ' against spreadsheet formulas (server/export.ts); ids may start with -.
  expect(lines.filter((line) => line.includes(`,lead-view,${actor},`))).toHaveLength(1);
});
