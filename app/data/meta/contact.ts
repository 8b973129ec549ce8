import file from "../../../content/meta/contact.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const contactMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.contact };
