import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { layoutCopy } from "~/content/layout";
import { paths } from "~/content/paths";
import { SiteLayout } from "./site-layout";

const render = (path: string) =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <SiteLayout newsletter={<p>newsletter form</p>}>
        <p>page content</p>
      </SiteLayout>
    </MemoryRouter>,
  );

describe("SiteLayout", () => {
  it("gives public pages the full chrome with content protection", () => {
    const html = render(paths.about);
    expect(html).toContain("content-protected");
    expect(html).toContain("<footer");
    expect(html).toContain("newsletter form");
  });

  it("gives the owner's inbox only a skip link: no chrome, banners, newsletter or copy protection", () => {
    const html = render(paths.admin);
    expect(html).toContain(layoutCopy.skipLink);
    expect(html).toContain("page content");
    expect(html).not.toContain("content-protected");
    expect(html).not.toContain("<footer");
    expect(html).not.toContain("<header");
    expect(html).not.toContain("newsletter form");
    expect(html).not.toContain(layoutCopy.cookieBanner.label);
  });
});
