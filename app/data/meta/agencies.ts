import file from "../../../content/meta/agencies.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const agenciesMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.agencies };
