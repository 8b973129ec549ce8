import { paths } from "~/data/paths";
import { categoryNotFound } from "~/data/meta/service-category";
import { findServiceCategory } from "~/data/service-categories";
import { pageMeta } from "~/lib/meta";
import { staticPart } from "~/lib/static-part";
import type { Route } from "./+types/service-category";

/**
 * Runs at build time only (every category is pre-rendered): the page's HTML
 * and its `.data` file carry what its head and the choice of page need, not
 * the record, which the pre-render writes into the HTML as the page itself
 * (app/pages/service-category.tsx loads it, one module per category).
 */
export function loader({ params }: Route.LoaderArgs) {
  const category = findServiceCategory(params.category);
  return { category: category ? { title: category.title, description: category.description } : null };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const category = loaderData?.category;
  if (!category) {
    return [
      ...pageMeta({ title: categoryNotFound.title, description: categoryNotFound.text, path: paths.serviceCategoryNotFound }),
      { name: "robots", content: "noindex" },
    ];
  }
  return pageMeta({ title: category.title, description: category.description, path: paths.serviceCategory(params.category) });
}

const CategoryContent = staticPart(() => import("~/pages/service-category"));
const CategoryNotFound = staticPart(() => import("~/pages/service-category"), "CategoryNotFound");

/**
 * One page per service category, from its content record; an unknown slug shows Category not found (the server answers 404).
 * All of it keeps its pre-rendered HTML; its FAQ is native `<details>`, with no script of its own.
 */
export default function ServiceCategoryPage({ loaderData: { category } }: Route.ComponentProps) {
  return category ? <CategoryContent /> : <CategoryNotFound />;
}
