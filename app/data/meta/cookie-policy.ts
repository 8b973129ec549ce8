import file from "../../../content/meta/cookie-policy.yaml";
import { paths } from "../paths";
import type { ContentOf } from "../schemas";
import type { PageMeta } from "../types";

export const cookiePolicyMeta: PageMeta = { ...(file as ContentOf<"meta/*.yaml">), path: paths.cookiePolicy };
