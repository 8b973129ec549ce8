import { describe, expect, it } from "vitest";
import { ariaCurrent, currentEntry, isCurrentPage } from "~/data/navigation";
import { shell } from "~/data/shell.test-support";
import { headerTone } from "./header-tone";

const { headerNav } = shell.nav;

describe("headerTone", () => {
  it("is transparent on the home page until scrolled, solid everywhere else", () => {
    expect(headerTone(true, false)).toBe("transparent");
    expect(headerTone(true, true)).toBe("scrolled");
    expect(headerTone(false, false)).toBe("solid");
    expect(headerTone(false, true)).toBe("solid");
  });
});

describe("currentEntry", () => {
  const label = (pathname: string) => currentEntry(headerNav, pathname)?.label;
  it("is the entry of the page, of its submenu, or of the section below it", () => {
    expect(label("/")).toBe("Home");
    expect(label("/about")).toBe("About");
    expect(label("/spotlight")).toBe("News");
    expect(label("/spotlight/payroll")).toBe("News");
    expect(label("/spotlight/tenders")).toBe("Services");
    expect(label("/member")).toBe("Services");
    expect(label("/services/payroll")).toBe("Services");
    expect(label("/no-such-page")).toBeUndefined();
  });

  it("marks the page's own link 'page' and its section's entry 'true'", () => {
    const services = headerNav.find((entry) => entry.label === "Services")!;
    const home = headerNav.find((entry) => entry.label === "Home")!;
    expect(ariaCurrent(services, currentEntry(headerNav, "/services"), "/services")).toBe("page");
    expect(ariaCurrent(services, currentEntry(headerNav, "/member"), "/member")).toBe("true");
    expect(ariaCurrent(home, currentEntry(headerNav, "/member"), "/member")).toBeUndefined();
  });
});

describe("isCurrentPage", () => {
  it("is a submenu item's own page only, in any letter case", () => {
    expect(isCurrentPage("/spotlight", "/spotlight")).toBe(true);
    expect(isCurrentPage("/spotlight", "/Spotlight")).toBe(true);
    expect(isCurrentPage("/spotlight", "/spotlight/payroll")).toBe(false);
    expect(isCurrentPage("/member", "/")).toBe(false);
  });
});
