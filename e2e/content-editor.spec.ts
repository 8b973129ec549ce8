import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { adminCopy } from "../app/admin/data/admin";
import { lastBuild } from "../contract/built-pages";
import { paths } from "../app/data/paths";
import { SANDBOX_EDITOR, startContentSandbox, type ContentSandbox } from "../scripts/content-sandbox";
import { freePort } from "../scripts/free-port";
import { signInWithPassword } from "./team-sign-in";

// The owner's content editor end to end, against a server of its own that
// works on a throw-away copy of this repository (scripts/content-sandbox.ts):
// sign in, edit every kind of content file in Keystatic (a photo uploaded
// too), publish, and read the rebuilt public pages; and a bad value refused
// on save, beside its field, with nothing written.
// A publish rebuilds the whole site (about 15 s on a quiet machine, minutes on
// one shared with other builds), so the one test that publishes does it once,
// the timeouts are generous, and only the desktop project runs them (the two
// projects would share one copy).

const BUILD_TIMEOUT = 480_000;

let sandbox: ContentSandbox;

test.describe.configure({ mode: "serial" });
// One server on one copy: the desktop project only (untagged).

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // Served the build the suite's own server serves, as deployed; the publish builds the copy's own.
  sandbox = await startContentSandbox({ port: Number(process.env.E2E_CONTENT_PORT ?? (await freePort())), deployedBuild: true });
  // The person who edits the site: invited by the owner as an editor (no personal data in reach, so a password alone).
  await sandbox.editorCookie();
});

test.afterAll(async () => {
  await sandbox?.close();
});

const at = (pathname: string) => `${sandbox.baseURL}${pathname}`;

async function signIn(page: Page) {
  const state = await signInWithPassword(page.request, sandbox.baseURL, SANDBOX_EDITOR.email, SANDBOX_EDITOR.password);
  expect(state.signedIn).toBe(true);
  await page.goto(at(paths.admin));
  await expect(page.getByRole("button", { name: adminCopy.signOut })).toBeVisible();
}

const publishing = (page: Page) => page.getByRole("region", { name: "Publishing" });

/** Saves, and waits until the publishing bar counts `drafts` files changed and not yet published. */
async function saveAndWaitForDraft(page: Page, drafts: number, button = "Save") {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(publishing(page).getByRole("status")).toContainText(`${drafts} saved change${drafts === 1 ? "" : "s"} not yet published`, { timeout: 30_000 });
  await expect(page.getByText("Unsaved", { exact: true })).toBeHidden();
}

async function publish(page: Page) {
  await publishing(page).getByRole("button", { name: "Publish" }).click();
  await expect(publishing(page).getByRole("status")).toContainText(/Publishing: building the site/);
}

/** Opens a file from the side bar, which groups them by the page they are on; in a collection, the item by its row. */
async function openFromSideBar(page: Page, group: string, link: string, item?: string) {
  await page.getByRole("navigation").getByRole("list", { name: group, exact: true }).getByRole("link", { name: link, exact: true }).click();
  if (item) await page.getByRole("row", { name: new RegExp(`^${item} `) }).click();
}

/** Opens a list item's dialog by its row, fills one field and closes it. */
async function editRow(page: Page, row: string, field: string, value: string) {
  await page.getByRole("row", { name: row, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: field, exact: true }).fill(value);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
}

/** Adds words at the end of a `##` heading of a Markdown body, as a person does: click it, End, type. */
async function appendToHeading(page: Page, heading: string, words: string) {
  await page.getByRole("heading", { name: heading, exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(words);
}

test("the owner edits a sentence of every kind of file, publishes once, and every page shows its sentence", async ({ page }) => {
  test.setTimeout(BUILD_TIMEOUT + 240_000);
  const stamp = Date.now().toString(36);
  const edits = {
    hero: `Freelancers and agencies, introduced (${stamp})`,
    quote: `They found me an umbrella company in a day (${stamp}).`,
    newQuote: `A photo of me is on the site now (${stamp}).`,
    answer: `Terms are agreed with each partner first (${stamp}).`,
    legal: ` in your browser (${stamp})`,
    spotlight: ` and what comes next (${stamp})`,
    sector: `Information Technology ${stamp}`,
    service: `Payroll providers who pay you right, every week (${stamp}).`,
    footer: `About us ${stamp}`,
    tender: `Bridge maintenance framework ${stamp}`,
    pageIntro: `Independent work brings freedom; we take the paperwork (${stamp}).`,
    pageTitle: `Freelancers and contractors ${stamp}`,
  };

  // The editor is the owner's: signed out, it sends them to sign in.
  await page.goto(at("/keystatic"));
  await expect(page).toHaveURL(at(paths.admin));
  await signIn(page);

  // A YAML page section: the home page's heading. From here on the owner moves through the editor
  // by its side bar, as a person does; a reload of the editor's page cost about a second each.
  await page.goto(at("/keystatic"));
  await openFromSideBar(page, "Home", "Hero");
  await page.getByRole("textbox", { name: "Headline", exact: true }).fill(edits.hero);
  await saveAndWaitForDraft(page, 1);

  // Testimonials: a quote changed, and a new one with a phone's photo, which is stored without its metadata.
  await openFromSideBar(page, "Home", "Testimonials");
  await editRow(page, "Sarah", "Quote", edits.quote);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Quote", exact: true }).fill(edits.newQuote);
  await dialog.getByRole("textbox", { name: "Author", exact: true }).fill("Priya");
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#1a4fb4" } })
    .withExif({ IFD0: { Make: "Phone", Copyright: "Priya, 1 High Street" } })
    .jpeg()
    .toBuffer();
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose file" }).click();
  await (await chooser).setFiles({ name: "IMG_0042.JPG", mimeType: "image/jpeg", buffer: photo });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await saveAndWaitForDraft(page, 9);

  // An FAQ answer.
  await openFromSideBar(page, "Across the site", "FAQs", "agencies");
  await editRow(page, "What does it cost to become a partner?", "Answer", edits.answer);
  await saveAndWaitForDraft(page, 10);

  // A legal page's Markdown body, and a spotlight editorial's.
  await openFromSideBar(page, "Across the site", "Legal", "cookie-policy");
  await appendToHeading(page, "How to clear them", edits.legal);
  await saveAndWaitForDraft(page, 11);
  await openFromSideBar(page, "Spotlight agencies", "Spotlight agencies page");
  await appendToHeading(page, "Next edition: IR35", edits.spotlight);
  await saveAndWaitForDraft(page, 12);

  // The statistics: a sector's name, shown in the payroll editorial's chart.
  await openFromSideBar(page, "Across the site", "Statistics");
  await editRow(page, "Information Tech", "Name", edits.sector);
  await saveAndWaitForDraft(page, 13);

  // A service category's description.
  await openFromSideBar(page, "Services", "Services", "payroll");
  await page.getByRole("textbox", { name: "Description", exact: true }).fill(edits.service);
  await saveAndWaitForDraft(page, 14);

  // The footer's navigation.
  await openFromSideBar(page, "Across the site", "Navigation footer");
  await editRow(page, "About", "Label", edits.footer);
  await saveAndWaitForDraft(page, 15);

  // A page's own section (everything on /freelancers but its FAQ), and its title in the browser tab.
  await openFromSideBar(page, "Freelancers", "Pages");
  await page.getByRole("group", { name: "Why choose us" }).getByRole("textbox", { name: "Intro", exact: true }).fill(edits.pageIntro);
  await saveAndWaitForDraft(page, 16);
  await openFromSideBar(page, "Across the site", "Meta", "freelancers");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(edits.pageTitle);
  await saveAndWaitForDraft(page, 17);

  // A new tender, named after its title.
  await openFromSideBar(page, "Spotlight tenders", "Tenders");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("textbox", { name: "Order", exact: true }).fill("5");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(edits.tender);
  await page.getByRole("textbox", { name: "Text", exact: true }).fill("Inspecting and repairing road bridges across a county.");
  await page.getByRole("textbox", { name: "Value", exact: true }).fill("£1.2m");
  await page.getByRole("textbox", { name: "Client", exact: true }).fill("County council");
  await page.getByRole("textbox", { name: "Scope", exact: true }).fill("Inspections, concrete repairs and resurfacing");
  // Eleven files edited, and the photo with its six sizes: each file is a change.
  await saveAndWaitForDraft(page, 18, "Create");

  // Nothing is public before the owner publishes.
  expect(await (await page.request.get(at("/"))).text()).not.toContain(edits.hero);

  await publish(page);
  await expect(publishing(page).getByRole("status")).toContainText(/Published .*: the site is up to date/, { timeout: BUILD_TIMEOUT });

  const shows = async (pathname: string, ...sentences: string[]) => {
    await page.goto(at(pathname));
    for (const sentence of sentences) await expect(page.getByText(sentence).first(), `${pathname}: ${sentence}`).toBeAttached();
  };
  await shows(paths.home, edits.hero, edits.quote, edits.newQuote, edits.footer);
  await shows(paths.agencies, edits.answer);
  await shows(paths.cookiePolicy, `How to clear them${edits.legal}`);
  await shows(paths.spotlightAgencies, `Next edition: IR35${edits.spotlight}`);
  await shows(paths.spotlightPayroll, edits.sector);
  await shows(paths.serviceCategory("payroll"), edits.service);
  await shows(paths.spotlightTenders, edits.tender, "County council");
  await shows(paths.freelancers, edits.pageIntro);
  await expect(page).toHaveTitle(new RegExp(edits.pageTitle));

  // The photo was stored re-encoded, without the phone's metadata, and its sizes are served as pictures that run nothing.
  const testimonials = readFileSync(path.join(sandbox.dir, "content/testimonials/home.yaml"), "utf8");
  const avatar = testimonials.match(/avatar: (\/media\/uploads\/items\/\d+\/avatar\.JPG)/)?.[1];
  expect(avatar).toBeDefined();
  expect((await sharp(path.join(sandbox.dir, "public", avatar!)).metadata()).exif).toBeUndefined();
  const size = await page.request.get(at(avatar!.replace(/\.JPG$/, "-96.webp")));
  expect([size.status(), size.headers()["content-type"]]).toEqual([200, "image/webp"]);
  expect(size.headers()["content-security-policy"]).toMatch(/^default-src 'none';.*\bsandbox\b/);
  // The owner's file stays the owner's: its comment kept, no empty photo written for the quote without one.
  expect(testimonials.split("\n")[0]).toMatch(/^# The home page/);
  expect(testimonials).not.toMatch(/avatar: ("")?$/m);

  // The change is in the site's history, in the name of the person who made it.
  const log = execFileSync("git", ["log", "-1", "--format=%an <%ae>%n%s", "--name-only"], { cwd: sandbox.dir, encoding: "utf8" });
  expect(log).toContain(`${SANDBOX_EDITOR.name} <${SANDBOX_EDITOR.email}>`);
  for (const file of ["home/hero.yaml", "testimonials/home.yaml", "faqs/agencies.yaml", "legal/cookie-policy.md", "spotlight/agencies.md", "statistics.yaml", "services/payroll.yaml", "navigation/footer.yaml", "pages/freelancers.yaml", "meta/freelancers.yaml"]) {
    expect(log).toContain(`content/${file}`);
  }
  expect(log).toMatch(/content\/tenders\/bridge-maintenance-framework-[\w-]+\.yaml/);
});

test("a value its schema refuses is shown when the owner saves, beside its field where the editor can tell, and nothing is written", async ({ page }) => {
  test.setTimeout(180_000);
  const heroFile = path.join(sandbox.dir, "content/home/hero.yaml");
  const before = readFileSync(heroFile, "utf8");
  await signIn(page);
  await page.goto(at("/keystatic/singleton/homeHero"));
  // The publish line as it stands once it has loaded: read before that, it says only "Loading…".
  await expect(publishing(page).getByRole("status")).not.toHaveText(/^Loading/);
  const status = await publishing(page).getByRole("status").textContent();
  const headline = page.getByRole("textbox", { name: "Headline", exact: true });
  const save = page.getByRole("button", { name: "Save", exact: true });

  // Checked by the server against the same schema as the build: a heading of spaces only is empty once trimmed.
  await headline.fill("   ");
  await save.click();
  await expect(page.getByRole("alert")).toHaveText("Not saved: content/home/hero.yaml does not fit its schema: headline: must not be empty");

  // Checked as the owner saves, beside the field: a heading left empty.
  await headline.fill("");
  await save.click();
  await expect(page.getByText("Headline must not be empty")).toBeVisible();

  // A link to a page the site does not have, refused beside the field in the button's own dialog, and the save with it.
  await headline.fill("Freelancers and agencies, introduced");
  await page.getByRole("row", { name: "I'm a Freelancer" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Link", exact: true }).fill("/no-such-page");
  await page.keyboard.press("Tab");
  await expect(dialog.getByText("Link is neither one of the site's paths (contract/paths.ts) nor an https:// address")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await save.click();
  await expect(page.getByText("Unsaved")).toBeVisible();

  expect(readFileSync(heroFile, "utf8")).toBe(before);
  await expect(publishing(page).getByRole("status")).toHaveText(status ?? "");
});

test("no public page references the editor or its bundle", async ({ request }) => {
  const editorAssets = readdirSync(path.join(sandbox.dir, "build/editor/assets"));
  expect(editorAssets.length).toBeGreaterThan(0);
  for (const pathname of lastBuild().pages) {
    const html = await (await request.get(at(pathname))).text();
    expect(html, pathname).not.toContain("/keystatic");
    for (const asset of editorAssets) expect(html, `${pathname} references ${asset}`).not.toContain(asset);
  }
});
