import { describe, expect, it } from "vitest";
import { paths } from "~/data/paths";
import { shellEntries } from "~/data/shell.test-support";
import { metaTags } from "./meta-tags";
import { faqJsonLd, scriptSafeJson } from "./faq-json-ld";
import { breadcrumbJsonLd, organizationJsonLd } from "./structured-data";

const { brand: site, profile: siteProfile } = shellEntries;

type Ld = Record<string, unknown>;
const ld = (descriptor: unknown): Ld => (descriptor as { "script:ld+json": Ld })["script:ld+json"];
const isAbsolute = (value: unknown) => typeof value === "string" && /^https?:\/\/[^/]+\//.test(value);

// What schema.org (and Google's rich-result rules) require of each type we emit.
describe("structured data", () => {
  it("describes the Organization: name, url, logo, and the social profiles as sameAs", () => {
    const data = ld(organizationJsonLd(shellEntries));
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Organization");
    expect(data.name).toBe(site.name);
    expect(isAbsolute(data.url)).toBe(true);
    // The built logo URL is absolute (e2e/seo.spec.ts checks it); under Vitest the SVG may be inlined.
    expect(typeof data.logo).toBe("string");
    expect(data.sameAs).toEqual(siteProfile.social.map((profile) => profile.href));
  });

  it("turns FAQ items into a FAQPage of Questions with accepted Answers", () => {
    const data = faqJsonLd([{ question: "Is it free?", answer: "Yes, for freelancers." }, { question: "Who pays?", answer: "Partners." }]);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toEqual([
      { "@type": "Question", name: "Is it free?", acceptedAnswer: { "@type": "Answer", text: "Yes, for freelancers." } },
      { "@type": "Question", name: "Who pays?", acceptedAnswer: { "@type": "Answer", text: "Partners." } },
    ]);
  });

  it("writes JSON that no answer can break out of its script element with", () => {
    const json = scriptSafeJson(faqJsonLd([{ question: "Q", answer: "</script><script>alert(1)</script>" }]));
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(faqJsonLd([{ question: "Q", answer: "</script><script>alert(1)</script>" }]));
  });

  it("gives nested pages a BreadcrumbList named from the navigation, and top-level pages none", () => {
    const data = ld(breadcrumbJsonLd(shellEntries, paths.spotlightPayroll, "Payroll news"));
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("BreadcrumbList");
    const items = data.itemListElement as Ld[];
    expect(items.map((item) => [item["@type"], item.position, item.name])).toEqual([
      ["ListItem", 1, "Home"],
      ["ListItem", 2, "Spotlight On"],
      ["ListItem", 3, "Payroll news"],
    ]);
    expect(items.every((item) => isAbsolute(item.item))).toBe(true);
    expect(ld(breadcrumbJsonLd(shellEntries, paths.serviceCategory("payroll"))).itemListElement).toHaveLength(3);
    expect(breadcrumbJsonLd(shellEntries, paths.about)).toBeUndefined();
    expect(breadcrumbJsonLd(shellEntries, paths.home)).toBeUndefined();
    expect(breadcrumbJsonLd(shellEntries, paths.serviceCategoryNotFound)).toBeUndefined();
  });

  it("is part of every page's meta", () => {
    const meta = metaTags({ title: "Payroll", description: "d", path: paths.serviceCategory("payroll") }, shellEntries);
    const types = meta.filter((item) => "script:ld+json" in item).map((item) => ld(item)["@type"]);
    expect(types).toEqual(["Organization", "BreadcrumbList"]);
  });
});
