import { readFileSync } from "node:fs";
import { text } from "node:stream/consumers";
import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { BACK_TO_TOP_THRESHOLD_PX } from "~/data/constants";
import { shell } from "~/data/shell.test-support";
import { paths } from "~/data/paths";
import { SiteLayout } from "./site-layout";

const layoutCopy = shell.copy;

/** Renders as the build does, for the page at `path`. */
async function render(path: string) {
  const { prelude } = await prerenderToNodeStream(
    <SiteLayout pathname={path} shell={shell} newsletter={<p>newsletter form</p>}>
      <p>page content</p>
    </SiteLayout>,
  );
  return text(prelude);
}

/** The opening tag of each header link whose text is `label` (the wide and the mobile navigation have one each). */
const linkTags = (html: string, label: string) =>
  [...html.slice(html.indexOf("<header"), html.indexOf("</header>")).matchAll(/(<a\b[^>]*>)([^<]*)<\/a>/g)]
    .filter((match) => match[2] === label)
    .map((match) => match[1]!);

describe("SiteLayout", () => {
  it("gives public pages the full chrome with content protection", async () => {
    const html = await render(paths.about);
    expect(html).toContain("content-protected");
    expect(html).toContain("<footer");
    expect(html).toContain(layoutCopy.footer.quickLinksHeading);
    expect(html).toContain("newsletter form");
  });
});

describe("the header's current entry", () => {
  it("marks the page's own link 'page', in the wide and the mobile navigation", async () => {
    const html = await render(paths.about);
    expect(linkTags(html, "About")).toHaveLength(2);
    for (const tag of linkTags(html, "About")) expect(tag).toContain('aria-current="page"');
    for (const tag of linkTags(html, "Home")) expect(tag).not.toContain("aria-current");
  });

  it("marks a submenu page's item 'page' with the class active, and its section's entry 'true'", async () => {
    const html = await render(paths.member);
    expect(linkTags(html, "Member")).toHaveLength(2);
    for (const tag of linkTags(html, "Member")) {
      expect(tag).toContain('aria-current="page"');
      expect(tag).toMatch(/class="[^"]* active"/);
    }
    for (const tag of linkTags(html, "Services")) expect(tag).toContain('aria-current="true"');
    for (const tag of [...linkTags(html, "News"), ...linkTags(html, "Spotlight On")]) {
      expect(tag).not.toContain("aria-current");
      expect(tag).not.toMatch(/ active"/);
    }
  });

  it("marks a submenu item on its own page only", async () => {
    const html = await render(paths.spotlightPayroll);
    expect(linkTags(html, "Payroll &amp; Compliance")).toHaveLength(2);
    for (const tag of linkTags(html, "Payroll &amp; Compliance")) expect(tag).toContain('aria-current="page"');
    for (const tag of linkTags(html, "Spotlight On")) expect(tag).not.toContain("aria-current");
    for (const tag of linkTags(html, "News")) expect(tag).toContain('aria-current="true"');
  });
});

describe("back-to-top", () => {
  it("is a link to the top in every public page's HTML, hidden until scrolled", async () => {
    const html = await render(paths.about);
    expect(html).toMatch(/<a href="#top"[^>]*class="back-to-top /);
    expect(html).toContain(layoutCopy.backToTop);
  });

  it("shows past BACK_TO_TOP_THRESHOLD_PX in app.css too (the scroll-driven animation's threshold)", () => {
    const css = readFileSync(new URL("../../app.css", import.meta.url), "utf8");
    expect(css).toMatch(new RegExp(`--back-to-top-after:\\s*${BACK_TO_TOP_THRESHOLD_PX}px;`));
  });

  it("puts no style attribute in the HTML, which the pages' CSP would refuse", async () => {
    expect(await render(paths.about)).not.toMatch(/\sstyle="/);
  });
});
