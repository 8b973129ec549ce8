import { paths } from "../paths";
import type { PageMeta } from "../types";

export const tendersMeta: PageMeta = {
  title: "Tenders & Project Delivery",
  description:
    "We bid for public and private construction tenders with teams of vetted subcontractors, and deliver the work. Agencies and clients contact us; subcontractors register interest.",
  path: paths.spotlightTenders,
};
