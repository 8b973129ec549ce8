import { paths } from "../paths";
import type { PageMeta } from "../types";

export const resourcesMeta: PageMeta = {
  title: "Guides, FAQs and industry updates",
  description:
    "Plain-English guides for UK freelancers and contractors on IR35, umbrella payroll, CIS and contractor mortgages, with answers to common questions and the latest industry updates.",
  path: paths.resources,
};
