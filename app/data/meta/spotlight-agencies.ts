import file from "../../../content/meta/spotlight-agencies.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const agenciesSpotlightMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.spotlightAgencies };
