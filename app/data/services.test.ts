import { describe, expect, it } from "vitest";
import { paths, serviceSlugs } from "./paths";
import { findServiceCategory, serviceCategories } from "./service-categories";

describe("service categories content", () => {
  it("has one record per slug, each with benefits, questions and a call to action to the contact page", () => {
    for (const slug of serviceSlugs) {
      const category = serviceCategories[slug];
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
      expect(serviceCategories[slug].hero?.headline).toBeTruthy();
      expect(serviceCategories[slug].intro).toBeTruthy();
    }
    expect(serviceCategories.usa.support?.items.length).toBeGreaterThan(0);
    expect(serviceCategories.uae.community?.items.length).toBeGreaterThan(0);
    // Only those two.
    expect(serviceSlugs.filter((slug) => serviceCategories[slug].support)).toEqual(["usa"]);
    expect(serviceSlugs.filter((slug) => serviceCategories[slug].community)).toEqual(["uae"]);
  });

  it("finds a category by slug and nothing for an unknown one", () => {
    expect(findServiceCategory("payroll")).toBe(serviceCategories.payroll);
    expect(findServiceCategory("unknown")).toBeUndefined();
    expect(findServiceCategory("404")).toBeUndefined();
    expect(findServiceCategory("toString")).toBeUndefined();
    expect(findServiceCategory(undefined)).toBeUndefined();
  });
});
