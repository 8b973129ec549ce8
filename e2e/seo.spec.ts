import { expect, rawHtml, test } from "./fixtures";
import { paths, serviceSlugs } from "../app/data/paths";
import { lastBuild } from "../contract/built-pages";

const sitePages = lastBuild().listed;

// The pages that show the shared FAQ section, and so publish FAQPage data.
const pagesWithFaq: readonly string[] = [paths.freelancers, paths.agencies, paths.resources, ...serviceSlugs.map(paths.serviceCategory)];

// Search-engine readiness of every page, read from the raw pre-rendered HTML as a crawler sees it.

const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1]?.replace(/&amp;/g, "&");
const titleOf = (html: string) => attr(html, /<title>([^<]*)<\/title>/);
const descriptionOf = (html: string) => attr(html, /<meta name="description" content="([^"]*)"/);
const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const ogImageOf = (html: string) => attr(html, /<meta property="og:image" content="([^"]*)"/);

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? "{}"));
}

/** PNG/JPEG/WebP pixel size from the file header. */
function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset < bytes.length) {
      const marker = bytes[offset + 1] ?? 0;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      offset += 2 + length;
    }
  }
  return undefined;
}

test("every page has its own title and description, a canonical URL, lang en-GB and exactly one h1", async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of sitePages) {
    const { status, html } = await rawHtml(request, path);
    expect(status, path).toBe(200);
    expect(html, path).toContain('<html lang="en-GB"');
    expect(html.match(/<h1[\s>]/g) ?? [], `${path}: h1 count`).toHaveLength(1);
    const title = titleOf(html) ?? "";
    const description = descriptionOf(html) ?? "";
    expect(title.length, `${path}: title`).toBeGreaterThan(10);
    expect(description.length, `${path}: description`).toBeGreaterThan(50);
    expect(titles.get(title), `${path} shares its title with`).toBeUndefined();
    expect(descriptions.get(description), `${path} shares its description with`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
    const canonical = new URL(canonicalOf(html) ?? "", "http://invalid/");
    expect(canonical.pathname, `${path}: canonical`).toBe(path);
    expect(canonical.protocol, `${path}: canonical`).toMatch(/^https?:$/);
  }
});

test("every page carries valid JSON-LD: the Organization, and a BreadcrumbList when nested", async ({ request }) => {
  for (const path of sitePages) {
    const { html } = await rawHtml(request, path);
    const data = jsonLdOf(html);
    for (const item of data) expect(item["@context"], path).toBe("https://schema.org");
    const organization = data.find((item) => item["@type"] === "Organization");
    expect(organization, path).toBeDefined();
    expect(organization?.name).toBeTruthy();
    expect(String(organization?.logo)).toMatch(/^https?:\/\/.+\.(svg|png|jpg|webp)$/);
    expect(organization?.sameAs).toEqual(expect.arrayContaining([expect.stringMatching(/^https:\/\//)]));
    const breadcrumb = data.find((item) => item["@type"] === "BreadcrumbList");
    if (path.split("/").filter(Boolean).length > 1) {
      const items = (breadcrumb?.itemListElement ?? []) as { position: number; name: string; item: string }[];
      expect(items.map((step) => step.position), path).toEqual(items.map((_, index) => index + 1));
      expect(new URL(items.at(-1)?.item ?? "", "http://invalid/").pathname, path).toBe(path);
    } else {
      expect(breadcrumb, path).toBeUndefined();
    }
    const faq = data.find((item) => item["@type"] === "FAQPage");
    expect(Boolean(faq), `${path} has an FAQ`).toBe(pagesWithFaq.includes(path));
    for (const question of (faq?.mainEntity ?? []) as { "@type": string; name: string; acceptedAnswer: { text: string } }[]) {
      expect(question["@type"]).toBe("Question");
      expect(question.acceptedAnswer.text).toBeTruthy();
      // The structured data repeats what the page shows.
      expect(html).toContain(question.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    }
  }
});

test("every page's Open Graph image is a 1200×630 image the site serves", async ({ request }) => {
  for (const path of sitePages) {
    const { html } = await rawHtml(request, path);
    const image = new URL(ogImageOf(html) ?? "", "http://invalid/");
    const response = await request.get(image.pathname);
    expect(response.status(), `${path}: ${image.pathname}`).toBe(200);
    expect(imageSize(await response.body()), `${path}: ${image.pathname}`).toEqual({ width: 1200, height: 630 });
  }
});

test("robots.txt points to a sitemap that lists every indexable page and no not-found page", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemapUrl).toMatch(/^https?:\/\/.+\/sitemap\.xml$/);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  // The build lists what it built: every page a person can land on, each dated by its content's last change.
  const pages = [paths.home, paths.about, paths.freelancers, paths.agencies, paths.services, ...serviceSlugs.map(paths.serviceCategory), paths.resources, paths.contact];
  for (const path of [...pages, paths.spotlight, paths.spotlightTenders, paths.member, paths.privacyPolicy]) expect(locations).toContain(path);
  expect([...locations].sort()).toEqual([...sitePages].sort());
  expect([...xml.matchAll(/<url>\s*<loc>[^<]+<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)]).toHaveLength(locations.length);
  // Pages that ask not to be indexed are not offered.
  for (const path of [paths.notFound, paths.serviceCategoryNotFound, paths.admin, paths.newsletterConfirm, paths.newsletterUnsubscribe, paths.sendConfirm, paths.contactReceived]) {
    expect(locations).not.toContain(path);
  }
});
