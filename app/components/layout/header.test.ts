import { describe, expect, it } from "vitest";
import { isCurrentEntry, headerNav } from "~/content/navigation";
import { headerTone } from "./header";

describe("headerTone", () => {
  it("is transparent on the home page until scrolled, solid everywhere else", () => {
    expect(headerTone(true, false)).toBe("transparent");
    expect(headerTone(true, true)).toBe("scrolled");
    expect(headerTone(false, false)).toBe("solid");
    expect(headerTone(false, true)).toBe("solid");
  });
});

describe("isCurrentEntry", () => {
  it("marks the entry whose page or submenu page is open", () => {
    const news = headerNav.find((entry) => entry.label === "News")!;
    const services = headerNav.find((entry) => entry.label === "Services")!;
    expect(isCurrentEntry(news, "/spotlight/payroll")).toBe(true);
    expect(isCurrentEntry(services, "/member")).toBe(true);
    expect(isCurrentEntry(services, "/about")).toBe(false);
  });
});
