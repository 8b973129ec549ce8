// Every category's record, for the services overview's cards and each
// category's page (app/pages/services/), from the services collection
// (content/services/<slug>.yaml). One call per category, each naming its
// entry: the build dates a category's page by its own file, and the editor
// will not delete a file a call names.
import { contentEntry } from "./content";
import type { ServiceSlug } from "./paths";
import type { ServiceCategory } from "./services";

export async function readServiceCategories(): Promise<Readonly<Record<ServiceSlug, ServiceCategory>>> {
  return {
    recruitment: await contentEntry("services", "recruitment"),
    payroll: await contentEntry("services", "payroll"),
    insurance: await contentEntry("services", "insurance"),
    mortgages: await contentEntry("services", "mortgages"),
    training: await contentEntry("services", "training"),
    accounting: await contentEntry("services", "accounting"),
    usa: await contentEntry("services", "usa"),
    uae: await contentEntry("services", "uae"),
  };
}
