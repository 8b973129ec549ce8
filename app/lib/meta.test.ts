import { describe, expect, it } from "vitest";
import { paths } from "~/data/paths";
import { ogImageFor } from "./meta-tags";

describe("Open Graph image per page type", () => {
  it("picks the artwork from where the page sits", () => {
    expect(ogImageFor(paths.home)).toBe("home");
    expect(ogImageFor(paths.freelancers)).toBe("audience");
    expect(ogImageFor(paths.agencies)).toBe("audience");
    expect(ogImageFor(paths.services)).toBe("services");
    expect(ogImageFor(paths.serviceCategory("payroll"))).toBe("services");
    expect(ogImageFor(paths.spotlightTenders)).toBe("spotlight");
    expect(ogImageFor(paths.cookiePolicy)).toBe("legal");
    expect(ogImageFor(paths.contact)).toBe("default");
  });
});
