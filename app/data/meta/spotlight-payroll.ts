import file from "../../../content/meta/spotlight-payroll.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const payrollMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.spotlightPayroll };
