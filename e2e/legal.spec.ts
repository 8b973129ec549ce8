import { acknowledgeBanners, expect, rawHtml, test } from "./fixtures";
import { shellEntries } from "../app/data/shell.test-support";
import { formatIsoDateGB } from "../app/lib/format-date";
import { paths } from "../app/data/paths";
import { readEntry } from "../scripts/build/content-files";

const siteProfile = shellEntries.profile;
const legalCopy = readEntry("site/legal.yaml");
const privacyPolicy = readEntry("legal/*.md", "privacy-policy");
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const documents = [
  { ...privacyPolicy, path: paths.privacyPolicy },
  { ...readEntry("legal/*.md", "terms-conditions"), path: paths.termsConditions },
  { ...readEntry("legal/*.md", "cookie-policy"), path: paths.cookiePolicy },
];

for (const document of documents) {
  const { path } = document;

  test(`the raw HTML of ${path} holds its h1, every section heading, the date and the sharing tags`, async ({ request }) => {
    const { status, html: page } = await rawHtml(request, path);
    expect(status).toBe(200);
    expect(page).toMatch(new RegExp(`<h1[^>]*>${html(document.title)}</h1>`));
    for (const section of document.sections) expect(page).toContain(`>${html(section.heading)}</h2>`);
    expect(page).toContain(formatIsoDateGB(document.lastUpdated));
    for (const tag of ['name="description"', 'rel="canonical"', 'property="og:title"', 'property="og:image"', 'name="twitter:card"']) {
      expect(page).toContain(tag);
    }
  });

  test(`${path}: headed sections, last updated, and a contents list that jumps to each section`, async ({ visitorTab: page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: document.title })).toBeVisible();
    await expect(page.getByText(`${legalCopy.lastUpdated}: ${formatIsoDateGB(document.lastUpdated)}`)).toBeVisible();
    for (const section of document.sections) {
      await expect(page.getByRole("heading", { level: 2, name: section.heading, exact: true })).toBeVisible();
    }
    const contents = page.getByRole("navigation", { name: legalCopy.contents });
    await expect(contents.getByRole("link")).toHaveCount(document.sections.length);
    const last = document.sections.at(-1)!;
    await contents.getByRole("link", { name: last.heading }).click();
    await expect(page).toHaveURL(new RegExp(`#${last.heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}$`));
    await expect(page.getByRole("heading", { level: 2, name: last.heading, exact: true })).toBeInViewport();
    await expect(page.getByRole("link", { name: siteProfile.contact.email }).first()).toHaveAttribute("href", `mailto:${siteProfile.contact.email}`);
  });
}

test("privacy policy: the partner opt-out sentence, the rights and how to complain to the ICO", async ({ visitorTab: page }) => {
  const partnerOptOut = privacyPolicy.sections
    .flatMap((section) => section.blocks)
    .find((block): block is string => typeof block === "string" && block.includes("opt out of partner communications"));
  expect(partnerOptOut, "the policy has the partner opt-out sentence").toBeDefined();
  if (!partnerOptOut) return;
  await page.goto(paths.privacyPolicy);
  await expect(page.getByText(partnerOptOut)).toBeVisible();
  expect(partnerOptOut).toMatch(/opt out of partner communications .*through your account preferences/);
  for (const right of ["Access", "Rectification", "Erasure", "Restriction", "Objection", "Portability", "Withdraw consent"]) {
    await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${right}:`) })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "0303 123 1113" })).toHaveAttribute("href", "tel:03031231113");
  await expect(page.getByRole("link", { name: /ico\.org\.uk/ })).toHaveAttribute("href", /^https:\/\/ico\.org\.uk\//);
  for (const collected of ["Newsletter sign-up", "Contact enquiry", "Consent record", "Technical data"]) {
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${collected}$`) })).toBeVisible();
  }
});

test("terms: free for freelancers, no regulated advice, no guarantee, independent partners, English law", async ({ visitorTab: page }) => {
  await page.goto(paths.termsConditions);
  for (const heading of [
    "Introductions are free for freelancers",
    "No regulated financial or legal advice",
    "No guarantee of outcomes",
    "Partners are independent",
    "Our liability",
    "Governing law",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText(/governed by the law of England and Wales/)).toBeVisible();
});

test("cookie policy: no non-essential cookies, and the two local storage keys with what they do", async ({ page }) => {
  await acknowledgeBanners(page);
  await page.goto(paths.cookiePolicy);
  await expect(page.getByText(/sets no non-essential cookies/)).toBeVisible();
  for (const key of ["cookiesAccepted", "disclaimerAccepted"]) {
    await expect(page.getByRole("term").filter({ hasText: key })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "How to clear them" })).toBeVisible();
  // The policy is true of the page itself: no cookies set.
  expect(await page.context().cookies()).toEqual([]);
});
