import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { notFoundPages, redirects } from "../contract/paths";
import { prerenderPaths, sitePages, unlistedPages } from "~/data/pages";
import { paths, serviceSlugs } from "~/data/paths";
import routeConfig from "./routes";

// The route table (routes.ts), the site's URLs (contract/paths.ts) and the
// pages the build pre-renders (content/pages.ts) describe one site: a route
// without its URL, or a URL the server or an email sends people to that no
// page answers, breaks it.

const routes: RouteObject[] = routeConfig.map(({ path, index }) => (index ? { index: true } : { path }));
const siteUrls = [...Object.values(paths).filter((value) => typeof value === "string"), ...serviceSlugs.map(paths.serviceCategory)];
/** The route that renders `url`: the deepest match. */
const routeFor = (url: string) => matchRoutes(routes, url)?.at(-1)?.route;

describe("the route table", () => {
  it("has each route's URL in paths, and the catch-all last", () => {
    for (const route of routes.slice(0, -1)) {
      const served = siteUrls.filter((url) => routeFor(url) === route);
      expect(served, `route ${route.path ?? "(index)"} serves none of the site's URLs`).not.toEqual([]);
    }
    expect(routes.at(-1)?.path).toBe("*");
  });

  it("has a route of its own for every page the build pre-renders (only the not-found page is the catch-all's)", () => {
    for (const url of prerenderPaths) {
      expect(routeFor(url)?.path === "*", url).toBe(url === paths.notFound);
    }
  });
});

describe("the server's redirects and not-found pages", () => {
  it("redirect to published pages, from paths that are no page", () => {
    for (const [from, to] of Object.entries(redirects)) {
      expect(sitePages, `${from} redirects to ${to}`).toContain(to);
      expect(prerenderPaths).not.toContain(from);
    }
  });

  it("serve pre-rendered pages, with a catch-all last", () => {
    for (const { page } of notFoundPages) expect(prerenderPaths).toContain(page);
    expect(notFoundPages.at(-1)?.match.test("/any/unknown/path")).toBe(true);
    expect(notFoundPages.find(({ match }) => match.test(paths.serviceCategory("no-such-category")))?.page).toBe(paths.serviceCategoryNotFound);
  });
});

describe("the pages the API and the emails send people to", () => {
  it("are pre-rendered and kept out of the sitemap", () => {
    expect(unlistedPages).toEqual(
      expect.arrayContaining([paths.newsletterConfirm, paths.newsletterUnsubscribe, paths.newsletterSubscribed, paths.contactReceived]),
    );
  });
});
