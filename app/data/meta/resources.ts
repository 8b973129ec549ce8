import file from "../../../content/meta/resources.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const resourcesMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.resources };
