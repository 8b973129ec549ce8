import { paths } from "../paths";
import type { PageMeta } from "../types";

export const agenciesMeta: PageMeta = {
  title: "For Agencies and Businesses",
  description:
    "Partner with us to reach pre-qualified UK freelancers and contractors and offer them vetted PAYE, CIS and umbrella payroll, insurance and training.",
  path: paths.agencies,
};
