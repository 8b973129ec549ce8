import { text } from "node:stream/consumers";
import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { layoutCopy } from "~/content/layout";
import { siteExtrasCopy } from "~/content/site-extras";
import { paths } from "~/content/paths";
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
