import file from "../../../content/meta/about.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const aboutMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.about };
