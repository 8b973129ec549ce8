import file from "../../../content/meta/terms-conditions.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const termsConditionsMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.termsConditions };
