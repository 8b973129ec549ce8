import file from "../../../content/meta/tenders.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const tendersMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.spotlightTenders };
