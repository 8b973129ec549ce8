import { paths } from "../paths";
import type { PageMeta } from "../types";

export const homeMeta: PageMeta = {
  title: "Support, payroll and introductions for UK freelancers",
  description:
    "Free introductions for UK freelancers and contractors to vetted recruitment agencies, compliant payroll providers, freelance-friendly mortgages, insurance and training.",
  path: paths.home,
};
