import { paths } from "../paths";
import { site } from "../site";
import type { PageMeta } from "../types";

export const termsConditionsMeta: PageMeta = {
  title: "Terms & Conditions",
  description: `The terms for using ${site.name}: a free introduction service for UK freelancers and contractors that gives no regulated advice and guarantees no outcomes.`,
  path: paths.termsConditions,
};
