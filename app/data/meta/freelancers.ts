import file from "../../../content/meta/freelancers.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const freelancersMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.freelancers };
