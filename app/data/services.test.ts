import { describe, expect, it } from "vitest";
import { paths, serviceSlugs, type ServiceSlug } from "./paths";
import { readEntry } from "../../scripts/build/content-files";
import { findServiceCategory } from "./services";

const serviceCategory = (slug: ServiceSlug) => readEntry("services/*.yaml", slug);

describe("service categories content", () => {
  it("has one record per slug, each with benefits, questions and a call to action to the contact page", () => {
    for (const slug of serviceSlugs) {
      const category = serviceCategory(slug);
      expect(category.benefits.length, slug).toBeGreaterThan(0);
      expect(category.faq.length, slug).toBeGreaterThan(0);
      expect(category.cta.link, slug).toBe(paths.contact);
      expect(category.heroImage, slug).toBe(slug);
      // The description doubles as the meta description: keep it within what search results show.
      expect(category.description.length, slug).toBeLessThanOrEqual(165);
    }
  });

  it("gives the USA and UAE pages a hero and an intro, a support list to the USA and a community list to the UAE", () => {
    for (const slug of ["usa", "uae"] as const) {
      expect(serviceCategory(slug).hero?.headline).toBeTruthy();
      expect(serviceCategory(slug).intro).toBeTruthy();
    }
    expect(serviceCategory("usa").support?.items.length).toBeGreaterThan(0);
    expect(serviceCategory("uae").community?.items.length).toBeGreaterThan(0);
    // Only those two.
    expect(serviceSlugs.filter((slug) => serviceCategory(slug).support)).toEqual(["usa"]);
    expect(serviceSlugs.filter((slug) => serviceCategory(slug).community)).toEqual(["uae"]);
  });

  it("finds a category by slug and nothing for an unknown one", () => {
    const serviceCategories = Object.fromEntries(serviceSlugs.map((slug) => [slug, serviceCategory(slug)]));
    expect(findServiceCategory(serviceCategories, "payroll")).toBe(serviceCategories.payroll);
    expect(findServiceCategory(serviceCategories, "unknown")).toBeUndefined();
    expect(findServiceCategory(serviceCategories, "404")).toBeUndefined();
    expect(findServiceCategory(serviceCategories, "toString")).toBeUndefined();
    expect(findServiceCategory(serviceCategories, undefined)).toBeUndefined();
  });
});
