import file from "../../../content/meta/home.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const homeMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.home };
