// Every category's record, for the build (each category page's route, app/pages/services/[category].astro) and tests.
import { serviceSlugs, type ServiceSlug } from "../paths";
import type { ServiceCategory } from "../services";
import recruitment from "./recruitment";
import payroll from "./payroll";
import insurance from "./insurance";
import mortgages from "./mortgages";
import training from "./training";
import accounting from "./accounting";
import usa from "./usa";
import uae from "./uae";

export const serviceCategories: Readonly<Record<ServiceSlug, ServiceCategory>> = { recruitment, payroll, insurance, mortgages, training, accounting, usa, uae };

/** The category for a URL slug, or undefined for a slug the site does not have. */
export function findServiceCategory(slug: string | undefined): ServiceCategory | undefined {
  return (serviceSlugs as readonly string[]).includes(slug ?? "") ? serviceCategories[slug as ServiceSlug] : undefined;
}
