import file from "../../../content/meta/services.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const servicesMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.services };
