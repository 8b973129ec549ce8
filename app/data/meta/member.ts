import file from "../../../content/meta/member.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const memberMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.member };
