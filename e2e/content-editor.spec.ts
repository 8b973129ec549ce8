import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { adminCopy } from "../app/data/admin";
import { prerenderPaths } from "../app/data/pages";
import { paths } from "../app/data/paths";
import { startContentSandbox, type ContentSandbox } from "../scripts/content-sandbox";
import { freePort } from "../scripts/free-port";

// The owner's content editor end to end, against a server of its own that
// works on a throw-away copy of this repository (scripts/content-sandbox.ts):
// sign in, edit in Keystatic (a photo uploaded too), publish, and read the
// rebuilt public pages.
// A publish rebuilds the whole site (about a minute on a loaded machine), so
// each test publishes once, the timeouts are generous, and only the desktop
// project runs them (the two projects would share one copy).

const BUILD_TIMEOUT = 240_000;

let sandbox: ContentSandbox;

test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "one server on one copy: the desktop project only");

test.beforeAll(async ({ isMobile }) => {
  if (isMobile) return;
  test.setTimeout(300_000);
  sandbox = await startContentSandbox({ port: Number(process.env.E2E_CONTENT_PORT ?? (await freePort())) });
});

test.afterAll(async () => {
  await sandbox?.close();
});

const at = (pathname: string) => `${sandbox.baseURL}${pathname}`;

async function signIn(page: Page) {
  await page.goto(at(paths.admin));
  await page.getByLabel(adminCopy.signIn.passwordLabel).fill(sandbox.password);
  await page.getByRole("button", { name: adminCopy.signIn.submit }).click();
  await expect(page.getByRole("button", { name: adminCopy.signOut })).toBeVisible();
}

const publishing = (page: Page) => page.getByRole("region", { name: "Publishing" });

async function saveAndWaitForDraft(page: Page, button = "Save") {
  await page.getByRole("button", { name: button, exact: true }).click();
  // The publishing bar counts the saved file as a change not yet published.
  await expect(publishing(page).getByRole("status")).toContainText(/saved changes? not yet published/, { timeout: 15_000 });
}

async function publish(page: Page) {
  await publishing(page).getByRole("button", { name: "Publish" }).click();
  await expect(publishing(page).getByRole("status")).toContainText(/Publishing: building the site/);
}

test("the owner edits the hero, adds a testimonial and a tender, publishes, and the public pages show them", async ({ page }) => {
  test.setTimeout(BUILD_TIMEOUT + 120_000);
  const stamp = Date.now().toString(36);
  const heading = `Freelancers and agencies, introduced (${stamp})`;
  const quote = `They found us a site manager in a week (${stamp}).`;
  const tender = `Bridge maintenance framework ${stamp}`;

  // The editor is the owner's: signed out, it sends them to sign in.
  await page.goto(at("/keystatic"));
  await expect(page).toHaveURL(at(paths.admin));
  await signIn(page);

  await page.goto(at("/keystatic/singleton/homeHero"));
  await page.getByRole("textbox", { name: "Heading", exact: true }).fill(heading);
  await saveAndWaitForDraft(page);

  await page.goto(at("/keystatic/singleton/agenciesTestimonials"));
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Quote", exact: true }).fill(quote);
  await dialog.getByRole("textbox", { name: "Author", exact: true }).fill("Site Director");
  // A phone photo, as a phone names it, with the phone's metadata in it.
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#1a4fb4" } })
    .withExif({ IFD0: { Make: "Phone", Copyright: "Site Director, 1 High Street" } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose file" }).click();
  await (await chooser).setFiles({ name: "IMG_0042.JPG", mimeType: "image/jpeg", buffer: photo });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await saveAndWaitForDraft(page);

  await page.goto(at("/keystatic/collection/tenders/create"));
  await page.getByRole("textbox", { name: "Order (lowest first)", exact: true }).fill("5");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(tender);
  await page.getByRole("textbox", { name: "Summary", exact: true }).fill("Inspecting and repairing road bridges across a county.");
  await page.getByRole("textbox", { name: "Value", exact: true }).fill("£1.2m");
  await page.getByRole("textbox", { name: "Client type", exact: true }).fill("County council");
  await page.getByRole("textbox", { name: "Scope", exact: true }).fill("Inspections, concrete repairs and resurfacing");
  await saveAndWaitForDraft(page, "Create");
  // Three files edited, and the photo with its six sizes: each file is a change.
  await expect(publishing(page).getByRole("status")).toContainText("10 saved changes not yet published");

  // Nothing is public before the owner publishes.
  expect(await (await page.request.get(at("/"))).text()).not.toContain(heading);

  await publish(page);
  await expect(publishing(page).getByRole("status")).toContainText(/Published .*: the site is up to date/, { timeout: BUILD_TIMEOUT });

  await page.goto(at("/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await page.goto(at(paths.agencies));
  await expect(page.getByText(quote)).toBeAttached();
  // The photo was stored re-encoded, without the phone's metadata, and its sizes are served as pictures that run nothing.
  const avatar = readFileSync(path.join(sandbox.dir, "content/testimonials/agencies.yaml"), "utf8").match(/avatar: (\/media\/uploads\/items\/\d+\/avatar\.JPG)/)?.[1];
  expect(avatar).toBeDefined();
  expect((await sharp(path.join(sandbox.dir, "public", avatar!)).metadata()).exif).toBeUndefined();
  const size = await page.request.get(at(avatar!.replace(/\.JPG$/, "-96.webp")));
  expect([size.status(), size.headers()["content-type"]]).toEqual([200, "image/webp"]);
  expect(size.headers()["content-security-policy"]).toMatch(/^default-src 'none';.*\bsandbox\b/);
  await page.goto(at(paths.spotlightTenders));
  await expect(page.getByRole("heading", { name: tender })).toBeVisible();
  await expect(page.getByText("County council")).toBeVisible();

  // The change is in the site's history, by the owner.
  const log = execFileSync("git", ["log", "-1", "--format=%an <%ae>%n%s", "--name-only"], { cwd: sandbox.dir, encoding: "utf8" });
  expect(log).toContain("Site owner <owner@localhost>");
  expect(log).toContain("content/home/hero.yaml");
  expect(log).toContain("content/testimonials/agencies.yaml");
  expect(log).toMatch(/content\/tenders\/bridge-maintenance-framework-[\w-]+\.yaml/);
});

test("a change that breaks a schema is refused with the file, the field and the reason, and the site is unchanged", async ({ page }) => {
  test.setTimeout(BUILD_TIMEOUT + 60_000);
  const before = await (await page.request.get(at("/"))).text();
  const headBefore = execFileSync("git", ["rev-parse", "HEAD"], { cwd: sandbox.dir, encoding: "utf8" });
  await signIn(page);

  await page.goto(at("/keystatic/singleton/homeHero"));
  await page.getByRole("row", { name: "I'm a Freelancer" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Link", exact: true }).fill("/no-such-page");
  await dialog.getByRole("button", { name: "Done" }).click();
  await saveAndWaitForDraft(page);

  await publish(page);
  const alert = publishing(page).getByRole("alert");
  await expect(alert).toContainText("content/home/hero.yaml", { timeout: BUILD_TIMEOUT });
  await expect(alert).toContainText(`actions.0.href: "/no-such-page" is neither one of the site's paths`);
  await expect(publishing(page).getByRole("status")).toContainText("Not published: the site is unchanged.");

  // The same page is served, and the refused edit is not in the history (it stays a draft to correct).
  expect(await (await page.request.get(at("/"))).text()).toBe(before);
  expect(execFileSync("git", ["rev-parse", "HEAD"], { cwd: sandbox.dir, encoding: "utf8" })).toBe(headBefore);
  expect(readFileSync(path.join(sandbox.dir, "content/home/hero.yaml"), "utf8")).toContain("/no-such-page");
});

test("no public page references the editor or its bundle", async ({ request }) => {
  const editorAssets = readdirSync(path.join(sandbox.dir, "build/editor/assets"));
  expect(editorAssets.length).toBeGreaterThan(0);
  for (const pathname of prerenderPaths) {
    const html = await (await request.get(at(pathname))).text();
    expect(html, pathname).not.toContain("/keystatic");
    for (const asset of editorAssets) expect(html, `${pathname} references ${asset}`).not.toContain(asset);
  }
});
