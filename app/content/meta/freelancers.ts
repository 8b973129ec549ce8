import { paths } from "../paths";
import type { PageMeta } from "../types";

export const freelancersMeta: PageMeta = {
  title: "For Freelancers and Contractors",
  description:
    "Free introductions for UK freelancers and contractors to vetted agencies, compliant PAYE, CIS and umbrella payroll, freelance-friendly mortgages, insurance, accountants and training.",
  path: paths.freelancers,
};
