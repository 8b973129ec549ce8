import file from "../../../content/meta/spotlight.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const spotlightMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.spotlight };
