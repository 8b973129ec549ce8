import file from "../../../content/pages/service-category.yaml";
import type { ContentOf } from "../schemas";

/** An unknown category's page: its title and description are the page's meta too. */
export const categoryNotFound = (file as ContentOf<"pages/service-category.yaml">).notFound;
