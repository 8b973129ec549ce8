import { paths } from "../paths";
import type { PageMeta } from "../types";

export const servicesMeta: PageMeta = {
  title: "Services for freelancers and contractors",
  description:
    "Recruitment, compliant payroll, insurance, contractor mortgages, training and accounting for UK freelancers, plus support for freelancers working in the USA and the UAE.",
  path: paths.services,
};
