import { readFileSync } from "node:fs";
import { text } from "node:stream/consumers";
import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BACK_TO_TOP_THRESHOLD_PX } from "~/data/constants";
import { layoutCopy } from "~/data/layout";
import { siteExtrasCopy } from "~/data/site-extras";
import { paths } from "~/data/paths";
import { SiteLayout } from "./site-layout";

/** Renders as the pre-render does: waiting for parts that load their code (the footer's columns). */
async function render(path: string) {
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter initialEntries={[path]}>
      <SiteLayout newsletter={<p>newsletter form</p>}>
        <p>page content</p>
      </SiteLayout>
    </MemoryRouter>,
  );
  return text(prelude);
}

describe("SiteLayout", () => {
  it("gives public pages the full chrome with content protection", async () => {
    const html = await render(paths.about);
    expect(html).toContain("content-protected");
    expect(html).toContain("<footer");
    expect(html).toContain(layoutCopy.footer.quickLinksHeading);
    expect(html).toContain("newsletter form");
  });

  it("gives the owner's inbox only a skip link: no chrome, banners, newsletter or copy protection", async () => {
    const html = await render(paths.admin);
    expect(html).toContain(layoutCopy.skipLink);
    expect(html).toContain("page content");
    expect(html).not.toContain("content-protected");
    expect(html).not.toContain("<footer");
    expect(html).not.toContain("<header");
    expect(html).not.toContain("newsletter form");
    expect(html).not.toContain(siteExtrasCopy.cookieBanner.label);
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
