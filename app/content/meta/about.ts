import { paths } from "../paths";
import type { PageMeta } from "../types";

export const aboutMeta: PageMeta = {
  title: "About Us",
  description:
    "Who we are: an introduction service that connects UK freelancers and contractors with vetted agencies, compliant payroll providers and freelance-friendly financial support.",
  path: paths.about,
};
